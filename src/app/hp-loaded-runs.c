/* hp-loaded-runs.c — the runs this process holds loaded.
 *
 * A window adds the run it shows; a comparison of the same folder, loaded
 * with the same options, finds it here and reuses the run and the results
 * the runner keeps for it, without walking windows. The list holds the runs
 * weakly: a run leaves it when the last window or comparison drops it.
 * Main thread only, like the windows that use it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-loaded-runs.h"

static GPtrArray *loaded_runs; /* HpRun, weak */

static void
run_gone (gpointer data,
          GObject *where_the_object_was)
{
  g_ptr_array_remove_fast (loaded_runs, where_the_object_was);
}

/**
 * hp_loaded_runs_add:
 * @run: a run a window shows
 *
 * Keeps @run findable by hp_loaded_runs_find() while something holds it.
 */
void
hp_loaded_runs_add (HpRun *run)
{
  g_return_if_fail (HP_IS_RUN (run));

  if (loaded_runs == NULL)
    loaded_runs = g_ptr_array_new ();
  if (g_ptr_array_find (loaded_runs, run, NULL))
    return;
  g_ptr_array_add (loaded_runs, run);
  g_object_weak_ref (G_OBJECT (run), run_gone, NULL);
}

/**
 * hp_loaded_runs_find:
 * @paths: what was opened
 * @mode: the rules it was loaded with
 * @include_last_step: whether the last step was kept
 *
 * Returns: (transfer none) (nullable): a run loaded from @paths with these
 *   options, the most recent first
 */
HpRun *
hp_loaded_runs_find (const char *const *paths,
                     HpMode             mode,
                     gboolean           include_last_step)
{
  for (guint i = loaded_runs != NULL ? loaded_runs->len : 0; i-- > 0;)
    {
      HpRun *run = loaded_runs->pdata[i];

      if (hp_run_has_paths (run, paths) && hp_run_get_mode (run) == mode &&
          hp_run_get_include_last_step (run) == include_last_step)
        return run;
    }
  return NULL;
}

/**
 * hp_loaded_runs_get_n:
 *
 * Returns: how many runs are held loaded
 */
guint
hp_loaded_runs_get_n (void)
{
  return loaded_runs != NULL ? loaded_runs->len : 0;
}
