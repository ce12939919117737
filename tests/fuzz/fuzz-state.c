/* fuzz-state.c — libFuzzer target: raw bytes as a timeline's saved state, read, applied, written and read again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Saved state (hp-timeline-state.c: a timeline's arrangement as bytes) is
 * written by the app but read back as input like any other: anything in it
 * must leave a layout and its bookmarks within their bounds, and what is
 * saved from them must read back to the same.
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "hp-charts.h"
#include "hp-fuzz-common.h"

/* two ranks, a few lanes on each, so that pins, hidden lanes and collapsed
 * ranks name something */
static const char trace_text[] =
    "{\"distributedInfo\":{\"rank\":%d},\"traceEvents\":["
    "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"aten::mm\",\"pid\":7,\"tid\":8,\"ts\":10,\"dur\":50},"
    "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"aten::add\",\"pid\":7,\"tid\":10,\"ts\":20,\"dur\":5},"
    "{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"cudaLaunchKernel\",\"pid\":7,\"tid\":8,\"ts\":12,"
    "\"dur\":3,\"args\":{\"correlation\":1}},"
    "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"gemm\",\"pid\":0,\"tid\":7,\"ts\":30,\"dur\":20,"
    "\"args\":{\"correlation\":1,\"device\":0,\"stream\":7}}]}";

static HpTrace *trace;

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  g_autofree char *dir = NULL;

  hp_fuzz_init ();
  dir = g_build_filename (hp_fuzz_dir (), "trace", NULL);
  g_mkdir_with_parents (dir, 0700);
  for (int rank = 0; rank < 2; rank++)
    {
      g_autofree char *text = g_strdup_printf (trace_text, rank);
      g_autofree char *name = g_strdup_printf ("trace/rank-%d.json", rank);

      g_free (hp_fuzz_write (name, (const guint8 *)text, strlen (text)));
    }
  trace = hp_fuzz_load (dir, HP_MODE_DEFAULT);
  if (trace == NULL || hp_trace_get_n_ranks (trace) != 2)
    g_error ("the fuzz target's trace did not load");
  return 0;
}

static void
check_bounds (HpTimelineScene     *scene,
              HpTimelineBookmarks *marks)
{
  double width = hp_timeline_scene_get_gutter_width (scene);
  guint  n = hp_timeline_bookmarks_get_n_items (marks);

  if (!(width >= HP_TIMELINE_GUTTER_MIN_WIDTH && width <= HP_TIMELINE_GUTTER_MAX_WIDTH))
    g_error ("gutter width %g out of its range", width);
  if (n > HP_TIMELINE_BOOKMARKS_MAX)
    g_error ("%u bookmarks kept", n);
  for (guint i = 0; i < n; i++)
    {
      const HpTimelineBookmark *b = hp_timeline_bookmarks_get (marks, i);

      if (b->end < b->start)
        g_error ("bookmark %u ends before it starts", i);
      if (i > 0 && hp_timeline_bookmarks_get (marks, i - 1)->start > b->start)
        g_error ("bookmark %u out of order", i);
      if (!g_utf8_validate (b->name, -1, NULL) || strlen (b->name) > HP_TIMELINE_BOOKMARK_NAME_MAX)
        g_error ("bookmark %u's name is not valid UTF-8 of at most %d bytes", i, HP_TIMELINE_BOOKMARK_NAME_MAX);
    }
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr (HpTimelineScene) scene = hp_timeline_scene_new_for_trace (trace);
  g_autoptr (HpTimelineScene) again = hp_timeline_scene_new_for_trace (trace);
  HpTimelineBookmarks *marks = hp_timeline_scene_get_bookmarks (scene);
  HpTimelineBookmarks *marks_again = hp_timeline_scene_get_bookmarks (again);
  g_autoptr (HpTimelineState) state = NULL;
  g_autoptr (HpTimelineState) loaded = NULL;
  g_autoptr (GBytes) input = NULL;
  g_autoptr (GBytes) saved = NULL;
  g_autoptr (GError) error = NULL;

  if (size > 1024 * 1024)
    return 0;
  input = g_bytes_new (data, size);

  /* bytes that are not a key file are an error, and no state */
  state = hp_timeline_state_new_from_bytes (input, &error);
  if (state == NULL)
    {
      if (error == NULL)
        g_error ("saved state that failed to read has no error");
      g_clear_error (&error);
      state = hp_timeline_state_new ();
    }
  hp_timeline_state_apply (state, scene);
  check_bounds (scene, marks);

  /* what is saved reads back to the same */
  hp_timeline_state_capture (state, scene);
  saved = hp_timeline_state_to_bytes (state);
  loaded = hp_timeline_state_new_from_bytes (saved, &error);
  if (loaded == NULL)
    g_error ("the saved state does not read back: %s", error->message);
  hp_timeline_state_apply (loaded, again);
  check_bounds (again, marks_again);
  if (hp_timeline_bookmarks_get_n_items (marks) != hp_timeline_bookmarks_get_n_items (marks_again))
    g_error ("%u bookmarks saved, %u read back", hp_timeline_bookmarks_get_n_items (marks),
             hp_timeline_bookmarks_get_n_items (marks_again));
  for (guint i = 0; i < hp_timeline_bookmarks_get_n_items (marks); i++)
    {
      const HpTimelineBookmark *a = hp_timeline_bookmarks_get (marks, i);
      const HpTimelineBookmark *b = hp_timeline_bookmarks_get (marks_again, i);

      if (a->start != b->start || a->end != b->end || strcmp (a->name, b->name) != 0)
        g_error ("bookmark %u changed on its way through the bytes", i);
    }
  if (hp_timeline_scene_get_gutter_width (scene) != hp_timeline_scene_get_gutter_width (again))
    g_error ("the gutter's width changed on its way through the bytes");
  for (guint k = 0; k < hp_trace_get_n_ranks (trace); k++)
    if (hp_timeline_scene_get_rank_collapsed (scene, k) != hp_timeline_scene_get_rank_collapsed (again, k))
      g_error ("rank %u's collapse changed on its way through the bytes", k);
  {
    guint n_pinned, n_pinned_again, n_hidden, n_hidden_again;

    hp_timeline_scene_get_pinned_tracks (scene, &n_pinned);
    hp_timeline_scene_get_pinned_tracks (again, &n_pinned_again);
    hp_timeline_scene_get_hidden_tracks (scene, &n_hidden);
    hp_timeline_scene_get_hidden_tracks (again, &n_hidden_again);
    if (n_pinned != n_pinned_again || n_hidden != n_hidden_again)
      g_error ("pins or hidden tracks changed on their way through the bytes");
  }
  return 0;
}
