/* hp-compare-window-load.c — a comparison's runs loaded, with progress.
 *
 * A run a window holds already (the same folder, in the default mode) is
 * reused; every other loads on its own HpTraceLoader, the progress bar
 * showing their mean. The first failure ends on the error page; once every
 * run is in, the comparison starts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-compare-window-private.h"
#include "hp-loaded-runs.h"
#include "hp-trace-loader.h"

static void
run_unref0 (gpointer run)
{
  if (run != NULL)
    g_object_unref (run);
}

/* @trace, loaded or shared with a window, as the run @run of the
 * comparison: its own label and colour */
static void
add_run (HpCompareWindow *self,
         guint            run,
         HpTrace         *trace)
{
  const char *const paths[] = { self->paths[run], NULL };

  g_ptr_array_index (self->runs, run) = hp_run_new (trace, paths, self->labels[run], run);
}

typedef struct
{
  HpCompareWindow *self;
  guint            run;
} LoadData;

/* the mean of the runs' loading progress, those already in counting as done */
static void
loader_progress_cb (HpCompareWindow *self)
{
  double done = 0;

  for (guint run = 0; run < self->n_runs; run++)
    {
      HpTraceLoader *loader = self->loaders->pdata[run];

      done += loader != NULL ? hp_trace_loader_get_fraction (loader) : (self->runs->pdata[run] != NULL ? 1.0 : 0.0);
    }
  gtk_progress_bar_set_fraction (self->progress_bar, self->n_runs > 0 ? done / self->n_runs : 0);
}

static void
load_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  LoadData        *data = user_data;
  HpCompareWindow *self = data->self;
  guint            run = data->run;
  g_autoptr (GError) error = NULL;
  HpTrace *trace = hp_trace_loader_load_finish (HP_TRACE_LOADER (source), result, &error);

  g_free (data);
  if (trace == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          /* the loader's messages name the file already */
          g_autofree char *message = strstr (error->message, self->paths[run]) != NULL
                                         ? g_strdup (error->message)
                                         : g_strdup_printf ("%s: %s", self->paths[run], error->message);

          hp_compare_window_show_error (self, message);
        }
      g_object_unref (self);
      return;
    }
  add_run (self, run, trace);
  hp_trace_unref (trace);
  if (self->loaders != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->loaders->pdata[run], self);
      g_clear_object (&self->loaders->pdata[run]);
      loader_progress_cb (self);
    }
  if (--self->n_pending == 0 && self->error == NULL)
    hp_compare_window_all_loaded (self);
  g_object_unref (self);
}

static void
loader_unref0 (gpointer loader)
{
  if (loader != NULL)
    g_object_unref (loader);
}

void
hp_compare_window_start_loading (HpCompareWindow *self)
{
  self->runs = g_ptr_array_new_full (self->n_runs, run_unref0);
  g_ptr_array_set_size (self->runs, self->n_runs);
  self->shared = g_ptr_array_new_full (self->n_runs, run_unref0);
  g_ptr_array_set_size (self->shared, self->n_runs);
  self->loaders = g_ptr_array_new_full (self->n_runs, loader_unref0);
  g_ptr_array_set_size (self->loaders, self->n_runs);
  self->n_pending = self->n_runs;
  self->busy = TRUE;
  for (guint run = 0; run < self->n_runs; run++)
    {
      const char *paths[] = { self->paths[run], NULL };
      /* a run a window holds already, loaded in the default mode */
      HpRun *open = hp_loaded_runs_find (paths, HP_MODE_DEFAULT, FALSE);

      if (open != NULL)
        {
          g_ptr_array_index (self->shared, run) = g_object_ref (open);
          add_run (self, run, hp_run_get_trace (open));
          self->n_pending--;
        }
      else
        {
          HpTraceLoader *loader = hp_trace_loader_new (paths, HP_MODE_DEFAULT, FALSE);
          LoadData      *data = g_new0 (LoadData, 1);

          g_ptr_array_index (self->loaders, run) = loader;
          g_signal_connect_swapped (loader, "notify::fraction", G_CALLBACK (loader_progress_cb), self);
          data->self = g_object_ref (self);
          data->run = run;
          hp_trace_loader_load_async (loader, self->cancellable, load_done, data);
        }
    }
  loader_progress_cb (self);
  if (self->n_pending == 0)
    hp_compare_window_all_loaded (self);
}
