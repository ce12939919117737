/* hp-timeline-state.c — a timeline's arrangement as bytes and back: pins, hidden lanes, collapsed ranks, bookmarks, the gutter's width.
 *
 * The bytes are a key file's text; where they are kept is the app's
 * business (hp-timeline-state-file.c: one file per opened folder), this
 * file reads and writes no file. Tracks and ranks are written by what the
 * trace calls them (rank number, lane pid and tid, a counter or memory
 * series' id), not by their position, so the state survives a folder that
 * gained or lost a file; what no longer exists is skipped. Groups and keys
 * this version does not know are kept as they were.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-timeline-arrangement.h"
#include "hp-timeline-state.h"

#define GROUP_FOLDER "Folder"
#define GROUP_TIMELINE "Timeline"
#define BOOKMARK_PREFIX "Bookmark "

struct _HpTimelineState
{
  GKeyFile *file;
};

HpTimelineState *
hp_timeline_state_new (void)
{
  HpTimelineState *self = g_new0 (HpTimelineState, 1);

  self->file = g_key_file_new ();
  return self;
}

void
hp_timeline_state_free (HpTimelineState *self)
{
  if (self == NULL)
    return;
  g_key_file_unref (self->file);
  g_free (self);
}

/* whether GKeyFile can unescape @value: only \s \n \t \r \\ and the
 * list separator may follow a backslash. GLib 2.74 sets its error twice (a
 * GLib-WARNING) when a value holds two bad escapes, so such a value is
 * dropped before anything reads it, as any value that does not parse is */
static gboolean
escapes_valid (const char *value)
{
  for (const char *p = value; *p != '\0'; p++)
    if (*p == '\\')
      {
        p++;
        if (*p == '\0' || strchr ("sntr\\;", *p) == NULL)
          return FALSE;
      }
  return TRUE;
}

static void
drop_bad_values (GKeyFile *file)
{
  g_auto (GStrv) groups = g_key_file_get_groups (file, NULL);

  for (guint i = 0; groups[i] != NULL; i++)
    {
      g_auto (GStrv) keys = g_key_file_get_keys (file, groups[i], NULL, NULL);

      for (guint k = 0; keys != NULL && keys[k] != NULL; k++)
        {
          g_autofree char *value = g_key_file_get_value (file, groups[i], keys[k], NULL);

          if (value != NULL && !escapes_valid (value))
            g_key_file_remove_key (file, groups[i], keys[k], NULL);
        }
    }
}

/**
 * hp_timeline_state_new_from_bytes:
 * @bytes: what hp_timeline_state_to_bytes() gave, read back from wherever
 *   it was kept
 *
 * Reads a saved state. Values GLib could not unescape are dropped; bytes
 * that are not a key file, or more than %HP_TIMELINE_STATE_MAX_SIZE of
 * them, set @error.
 *
 * Returns: (transfer full) (nullable): the state, %NULL on error
 */
HpTimelineState *
hp_timeline_state_new_from_bytes (GBytes  *bytes,
                                  GError **error)
{
  g_autoptr (HpTimelineState) self = NULL;
  gsize         size = 0;
  gconstpointer data;

  g_return_val_if_fail (bytes != NULL, NULL);

  data = g_bytes_get_data (bytes, &size);
  if (size > HP_TIMELINE_STATE_MAX_SIZE)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "more than %d bytes", HP_TIMELINE_STATE_MAX_SIZE);
      return NULL;
    }
  self = hp_timeline_state_new ();
  if (size > 0 && !g_key_file_load_from_data (self->file, data, size, G_KEY_FILE_NONE, error))
    return NULL;
  drop_bad_values (self->file);
  return g_steal_pointer (&self);
}

/**
 * hp_timeline_state_to_bytes:
 *
 * Returns: (transfer full): the state as a key file's text, for whoever
 *   keeps it
 */
GBytes *
hp_timeline_state_to_bytes (HpTimelineState *self)
{
  gsize size = 0;
  char *data;

  g_return_val_if_fail (self != NULL, NULL);

  data = g_key_file_to_data (self->file, &size, NULL);
  return g_bytes_new_take (data, size);
}

/* Tracks are written "lane:RANK:PID:TID" or "series:RANK:ID" (a counter
 * or memory track by its series' id, which may hold colons). Files of
 * before wrote counter tracks "counter:RANK:INDEX", an index that named
 * another track once the series changed: those are skipped. */

static char *
track_key (const HpTimelineScene *scene,
           const HpTimelineTrack *track)
{
  const HpRank *r = hp_trace_get_rank (hp_timeline_scene_get_trace (scene), track->rank_pos);

  if (track->kind == HP_TIMELINE_ROW_SLICES)
    return g_strdup_printf ("lane:%d:%" G_GINT64_FORMAT ":%" G_GINT64_FORMAT, r->rank, r->lanes[track->lane].pid, r->lanes[track->lane].tid);
  return g_strdup_printf ("series:%d:%s", r->rank, track->key);
}

static gboolean
parse_int64 (const char *s,
             gint64     *out)
{
  return g_ascii_string_to_signed (s, 10, G_MININT64, G_MAXINT64, out, NULL);
}

static int
find_rank (HpTrace *trace,
           gint64   rank)
{
  for (guint k = 0; k < hp_trace_get_n_ranks (trace); k++)
    if (hp_trace_get_rank (trace, k)->rank == rank)
      return (int)k;
  return -1;
}

/* the track a key names in @scene's trace, or FALSE */
static gboolean
parse_track_key (HpTimelineScene *scene,
                 const char      *key,
                 HpTimelineTrack *track)
{
  HpTrace *trace = hp_timeline_scene_get_trace (scene);
  g_auto (GStrv) parts = g_strsplit (key, ":", g_str_has_prefix (key, "series:") ? 3 : -1);
  gint64        rank, a, b;
  int           pos;
  const HpRank *r;

  if (g_strv_length (parts) < 3 || !parse_int64 (parts[1], &rank) || (pos = find_rank (trace, rank)) < 0)
    return FALSE;
  r = hp_trace_get_rank (trace, (guint)pos);
  track->rank_pos = (guint)pos;
  if (g_str_equal (parts[0], "lane"))
    {
      if (g_strv_length (parts) != 4 || !parse_int64 (parts[2], &a) || !parse_int64 (parts[3], &b))
        return FALSE;
      track->kind = HP_TIMELINE_ROW_SLICES;
      for (guint l = 0; l < r->n_lanes; l++)
        if (r->lanes[l].pid == a && r->lanes[l].tid == b)
          {
            track->lane = l;
            return TRUE;
          }
      return FALSE;
    }
  /* the series may not be computed yet: the scene keeps the key */
  if (g_str_equal (parts[0], "series") && parts[2][0] != '\0' && g_utf8_validate (parts[2], -1, NULL))
    {
      track->kind = HP_TIMELINE_ROW_COUNTER;
      track->lane = HP_TIMELINE_TRACK_ABSENT;
      track->key = hp_timeline_track_key_intern (parts[2]);
      return TRUE;
    }
  return FALSE;
}

static void
write_tracks (HpTimelineState       *self,
              const HpTimelineScene *scene,
              const char            *key,
              const HpTimelineTrack *tracks,
              guint                  n)
{
  g_autoptr (GPtrArray) list = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (list, track_key (scene, &tracks[i]));
  if (n == 0)
    g_key_file_remove_key (self->file, GROUP_TIMELINE, key, NULL);
  else
    g_key_file_set_string_list (self->file, GROUP_TIMELINE, key, (const char *const *)list->pdata, n);
}

/**
 * hp_timeline_state_capture:
 * @scene: a view's timeline
 *
 * Takes what the user arranged on @scene now (its
 * #HpTimelineArrangement, bookmarks included) into the state, for
 * hp_timeline_state_to_bytes().
 */
void
hp_timeline_state_capture (HpTimelineState *self,
                           HpTimelineScene *scene)
{
  HpTimelineBookmarks   *bookmarks;
  HpTrace               *trace;
  const HpTimelineTrack *tracks;
  guint                  n;
  g_autoptr (GArray) collapsed = g_array_new (FALSE, FALSE, sizeof (int));
  g_auto (GStrv) groups = NULL;

  g_return_if_fail (self != NULL && scene != NULL);

  trace = hp_timeline_scene_get_trace (scene);
  bookmarks = hp_timeline_scene_get_bookmarks (scene);
  g_key_file_set_integer (self->file, GROUP_FOLDER, "version", 1);

  tracks = hp_timeline_scene_get_pinned_tracks (scene, &n);
  write_tracks (self, scene, "pinned", tracks, n);
  tracks = hp_timeline_scene_get_hidden_tracks (scene, &n);
  write_tracks (self, scene, "hidden", tracks, n);
  for (guint k = 0; k < hp_trace_get_n_ranks (trace); k++)
    if (hp_timeline_scene_get_rank_collapsed (scene, k))
      g_array_append_val (collapsed, hp_trace_get_rank (trace, k)->rank);
  if (collapsed->len > 0)
    g_key_file_set_integer_list (self->file, GROUP_TIMELINE, "collapsed-ranks", (int *)(gpointer)collapsed->data, collapsed->len);
  else
    g_key_file_remove_key (self->file, GROUP_TIMELINE, "collapsed-ranks", NULL);
  g_key_file_set_double (self->file, GROUP_TIMELINE, "gutter-width", hp_timeline_scene_get_gutter_width (scene));

  /* every other group is copied to a new file, in one pass: removing the
   * bookmarks' groups one by one costs the square of their number */
  {
    GKeyFile *fresh = g_key_file_new ();

    groups = g_key_file_get_groups (self->file, NULL);
    for (guint i = 0; groups[i] != NULL; i++)
      {
        g_auto (GStrv) keys = NULL;

        if (g_str_has_prefix (groups[i], BOOKMARK_PREFIX))
          continue;
        keys = g_key_file_get_keys (self->file, groups[i], NULL, NULL);
        for (guint k = 0; keys != NULL && keys[k] != NULL; k++)
          {
            g_autofree char *value = g_key_file_get_value (self->file, groups[i], keys[k], NULL);

            if (value != NULL)
              g_key_file_set_value (fresh, groups[i], keys[k], value);
          }
      }
    g_key_file_unref (self->file);
    self->file = fresh;
  }
  for (guint i = 0; i < hp_timeline_bookmarks_get_n_items (bookmarks); i++)
    {
      const HpTimelineBookmark *b = hp_timeline_bookmarks_get (bookmarks, i);
      g_autofree char          *group = g_strdup_printf (BOOKMARK_PREFIX "%u", i);

      g_key_file_set_int64 (self->file, group, "start", b->start);
      g_key_file_set_int64 (self->file, group, "end", b->end);
      g_key_file_set_string (self->file, group, "name", b->name);
    }
}

static void
apply_tracks (HpTimelineState *self,
              HpTimelineScene *scene,
              const char      *key,
              gboolean         pinned)
{
  g_auto (GStrv) list = g_key_file_get_string_list (self->file, GROUP_TIMELINE, key, NULL, NULL);

  for (guint i = 0; list != NULL && list[i] != NULL; i++)
    {
      HpTimelineTrack track = { 0 };

      if (!parse_track_key (scene, list[i], &track))
        continue;
      if (pinned)
        hp_timeline_scene_set_track_pinned (scene, &track, TRUE);
      else
        hp_timeline_scene_set_track_hidden (scene, &track, TRUE);
    }
}

/**
 * hp_timeline_state_apply:
 * @scene: a view's timeline, as new
 *
 * Gives @scene's arrangement what the state holds; its bookmarks are
 * replaced by the state's. Entries that name
 * ranks or lanes this trace does not have, and values that do not parse,
 * are skipped; a counter or memory track is kept by its series' id, and
 * shows once that series is given to @scene.
 */
void
hp_timeline_state_apply (HpTimelineState *self,
                         HpTimelineScene *scene)
{
  HpTimelineBookmarks *bookmarks;
  HpTrace             *trace;
  gsize                n = 0;
  double               width;
  g_autofree int      *collapsed = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) groups = NULL;

  g_return_if_fail (self != NULL && scene != NULL);

  trace = hp_timeline_scene_get_trace (scene);
  bookmarks = hp_timeline_scene_get_bookmarks (scene);
  apply_tracks (self, scene, "hidden", FALSE);
  apply_tracks (self, scene, "pinned", TRUE);
  collapsed = g_key_file_get_integer_list (self->file, GROUP_TIMELINE, "collapsed-ranks", &n, NULL);
  for (gsize i = 0; collapsed != NULL && i < n; i++)
    {
      int pos = find_rank (trace, collapsed[i]);

      if (pos >= 0)
        hp_timeline_scene_set_rank_collapsed (scene, (guint)pos, TRUE);
    }
  width = g_key_file_get_double (self->file, GROUP_TIMELINE, "gutter-width", &error);
  if (error == NULL && width > 0)
    hp_timeline_scene_set_gutter_width (scene, width);

  hp_timeline_bookmarks_clear (bookmarks);
  groups = g_key_file_get_groups (self->file, NULL);
  /* the first HP_TIMELINE_BOOKMARKS_MAX of the file are kept */
  for (guint i = 0; groups[i] != NULL && hp_timeline_bookmarks_get_n_items (bookmarks) < HP_TIMELINE_BOOKMARKS_MAX; i++)
    {
      g_autoptr (GError) e1 = NULL;
      g_autoptr (GError) e2 = NULL;
      g_autofree char *name = NULL;
      gint64           start, end;

      if (!g_str_has_prefix (groups[i], BOOKMARK_PREFIX))
        continue;
      start = g_key_file_get_int64 (self->file, groups[i], "start", &e1);
      end = g_key_file_get_int64 (self->file, groups[i], "end", &e2);
      name = g_key_file_get_string (self->file, groups[i], "name", NULL);
      if (e1 == NULL && e2 == NULL)
        hp_timeline_bookmarks_add (bookmarks, start, end, name != NULL ? name : "");
    }
}
