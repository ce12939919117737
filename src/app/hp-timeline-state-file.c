/* hp-timeline-state-file.c — where a folder's timeline arrangement is kept between sessions: one file per folder under the user's state directory.
 *
 * The arrangement (pins, hidden lanes, collapsed ranks, bookmarks, the
 * gutter's width) becomes bytes in charts (#HpTimelineState); the app keeps
 * them in one key file per opened folder, under the user's state directory
 * (never in the trace folder), named after a hash of the folder's
 * canonical path. A file that cannot be read is reported and left alone:
 * the timeline starts from its defaults and the next change writes a good
 * file over it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "hp-timeline-state-file.h"

static char *
canonical_path (const char *path)
{
  char *resolved = realpath (path, NULL);
  char *out;

  if (resolved == NULL)
    return g_canonicalize_filename (path, NULL);
  out = g_strdup (resolved);
  free (resolved);
  return out;
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char *const *)a, *(const char *const *)b);
}

/**
 * hp_timeline_state_path_for_run:
 * @state_dir: the user's state directory (g_get_user_state_dir())
 * @paths: (array zero-terminated=1): the folders or files of a run
 *
 * Returns: (transfer full): the state file of the run: the same for the
 *   same canonical paths, in whatever order and spelling they were given
 */
char *
hp_timeline_state_path_for_run (const char        *state_dir,
                                const char *const *paths)
{
  g_autoptr (GPtrArray) canon = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  g_autofree char *name = NULL;

  g_return_val_if_fail (state_dir != NULL && paths != NULL, NULL);

  for (guint i = 0; paths[i] != NULL; i++)
    g_ptr_array_add (canon, canonical_path (paths[i]));
  g_ptr_array_sort (canon, compare_strings);
  for (guint i = 0; i < canon->len; i++)
    {
      g_checksum_update (sum, (const guchar *)g_ptr_array_index (canon, i), -1);
      g_checksum_update (sum, (const guchar *)"\n", 1);
    }
  name = g_strconcat (g_checksum_get_string (sum), ".ini", NULL);
  return g_build_filename (state_dir, "hotpath", "timeline", name, NULL);
}

/**
 * hp_timeline_state_file_load:
 * @path: a state file
 *
 * Reads @path. A missing file is an empty state; a file that is not a key
 * file, or is larger than %HP_TIMELINE_STATE_MAX_SIZE, gives %NULL and sets
 * @error naming @path and the reason.
 *
 * Returns: (transfer full) (nullable): the state
 */
HpTimelineState *
hp_timeline_state_file_load (const char *path,
                             GError    **error)
{
  g_autoptr (GError) local = NULL;
  g_autoptr (GBytes) bytes = NULL;
  HpTimelineState *state;
  GStatBuf         st;
  char            *data = NULL;
  gsize            size = 0;

  g_return_val_if_fail (path != NULL, NULL);

  /* checked before reading: a huge file is never read into memory */
  if (g_stat (path, &st) == 0 && (!S_ISREG (st.st_mode) || st.st_size > HP_TIMELINE_STATE_MAX_SIZE))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "%s: not a regular file of at most %d bytes; ignored", path,
                   HP_TIMELINE_STATE_MAX_SIZE);
      return NULL;
    }
  if (!g_file_get_contents (path, &data, &size, &local))
    {
      if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return hp_timeline_state_new ();
      g_propagate_prefixed_error (error, g_steal_pointer (&local), "%s: ", path);
      return NULL;
    }
  bytes = g_bytes_new_take (data, size);
  state = hp_timeline_state_new_from_bytes (bytes, &local);
  if (state == NULL)
    g_propagate_prefixed_error (error, g_steal_pointer (&local), "%s: ", path);
  return state;
}

/**
 * hp_timeline_state_file_save:
 * @path: where to write, its folders made as needed
 *
 * Writes the state atomically (a temporary file renamed over @path).
 *
 * Returns: whether it was written
 */
gboolean
hp_timeline_state_file_save (HpTimelineState *state,
                             const char      *path,
                             GError         **error)
{
  g_autofree char *dir = NULL;
  g_autoptr (GBytes) bytes = NULL;
  gsize         size = 0;
  gconstpointer data;

  g_return_val_if_fail (state != NULL && path != NULL, FALSE);

  dir = g_path_get_dirname (path);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int errsv = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errsv), "%s: %s", dir, g_strerror (errsv));
      return FALSE;
    }
  bytes = hp_timeline_state_to_bytes (state);
  data = g_bytes_get_data (bytes, &size);
  return hp_output_file_write (path, data, size, error);
}
