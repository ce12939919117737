/* hp-trace-loader.c — loads a trace folder off the main thread, with progress.
 *
 * hp_load_paths_async() reports progress from its parser threads. Here the
 * callback only stores the counters under a mutex and schedules at most one
 * idle on the main context; the idle turns them into :fraction and
 * :message, which the loading page's progress bar is bound to (the way
 * Sysprof's document loader reports progress).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-format.h"
#include "hp-trace-loader.h"
#include "hp-view-jobs.h"

struct _HpTraceLoader
{
  GObject parent_instance;

  char          **paths;
  HpMode          mode;
  gboolean        include_last_step;
  HpCommPatterns *comm_patterns;
  guint           job; /* HpLoadOptions.job */
  GMainContext   *context;

  /* written by loader threads, under lock */
  GMutex   lock;
  guint64  bytes_done;
  guint64  bytes_total;
  guint    files_done;
  guint    n_files;
  gboolean idle_pending;

  /* main thread */
  double fraction;
  char  *message;
};

enum
{
  PROP_0,
  PROP_FRACTION,
  PROP_MESSAGE,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (HpTraceLoader, hp_trace_loader, G_TYPE_OBJECT)

static GParamSpec *properties[N_PROPS];

static gboolean
progress_idle (gpointer user_data)
{
  HpTraceLoader   *self = user_data;
  guint64          done, total;
  guint            files_done, n_files;
  g_autofree char *done_mb = NULL;
  g_autofree char *total_mb = NULL;

  g_mutex_lock (&self->lock);
  done = self->bytes_done;
  total = self->bytes_total;
  files_done = self->files_done;
  n_files = self->n_files;
  self->idle_pending = FALSE;
  g_mutex_unlock (&self->lock);

  done_mb = hp_format_size (done);
  total_mb = hp_format_size (total);
  self->fraction = total > 0 ? (double)done / (double)total : 0.0;
  g_free (self->message);
  /* Translators: loading progress, e.g. "3 of 8 files · 120.5 MB of 800.0 MB" */
  self->message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u file · %s of %s",
                                                "%u of %u files · %s of %s", n_files),
                                   files_done, n_files, done_mb, total_mb);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MESSAGE]);
  return G_SOURCE_REMOVE;
}

/* Called from the loader's threads */
static void
progress_cb (guint64  bytes_done,
             guint64  bytes_total,
             guint    files_done,
             guint    n_files,
             gpointer user_data)
{
  HpTraceLoader *self = user_data;

  g_mutex_lock (&self->lock);
  self->bytes_done = bytes_done;
  self->bytes_total = bytes_total;
  self->files_done = files_done;
  self->n_files = n_files;
  if (!self->idle_pending)
    {
      GSource *source = g_idle_source_new ();

      self->idle_pending = TRUE;
      g_source_set_priority (source, G_PRIORITY_DEFAULT);
      g_source_set_callback (source, progress_idle, g_object_ref (self), g_object_unref);
      g_source_set_static_name (source, "[hotpath] load progress");
      g_source_attach (source, self->context);
      g_source_unref (source);
    }
  g_mutex_unlock (&self->lock);
}

static void
load_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr (GTask) task = user_data;
  GError  *error = NULL;
  HpTrace *trace = hp_load_paths_finish (result, &error);

  if (trace == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, trace, (GDestroyNotify)hp_trace_unref);
}

/* A folder of rank summaries, read by the runner */

typedef struct
{
  HpTraceLoader *loader; /* the progress goes to it */
  HpLoadOptions  options;
} SummariesInput;

static void
summaries_input_free (gpointer data)
{
  SummariesInput *input = data;

  g_object_unref (input->loader);
  g_free (input);
}

static gpointer
load_summaries (HpTrace      *unused,
                gconstpointer data,
                HpJobContext *context,
                GCancellable *cancellable,
                GError      **error)
{
  const SummariesInput *input = data;
  HpLoadOptions         options = input->options;
  g_autoptr (HpTrace) trace = NULL;

  /* summaries keep the last step filtered out, whatever the setting */
  options.include_last_step = FALSE;
  trace = hp_summary_load_paths ((const char *const *)input->loader->paths, &options, cancellable, error);
  /* the timeline draws each rank's coarse activity */
  return trace != NULL ? hp_summary_job_with_activity (trace, cancellable, error) : NULL;
}

/* the window takes the trace: one request's own */
static const HpResultJob load_summaries_job = {
  "load-summaries",
  load_summaries,
  (GDestroyNotify)hp_trace_unref,
  TRUE,
};

static void
summaries_loaded_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr (GTask) task = user_data;
  GError *error = NULL;
  g_autoptr (HpJobResult) loaded = hp_view_job_finish (result, &error);

  if (loaded == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, hp_job_result_steal_payload (loaded), (GDestroyNotify)hp_trace_unref);
}

static void
hp_trace_loader_finalize (GObject *object)
{
  HpTraceLoader *self = HP_TRACE_LOADER (object);

  g_clear_pointer (&self->paths, g_strfreev);
  g_clear_pointer (&self->comm_patterns, hp_comm_patterns_unref);
  g_clear_pointer (&self->message, g_free);
  g_clear_pointer (&self->context, g_main_context_unref);
  g_mutex_clear (&self->lock);

  G_OBJECT_CLASS (hp_trace_loader_parent_class)->finalize (object);
}

static void
hp_trace_loader_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  HpTraceLoader *self = HP_TRACE_LOADER (object);

  switch (prop_id)
    {
    case PROP_FRACTION:
      g_value_set_double (value, self->fraction);
      break;
    case PROP_MESSAGE:
      g_value_set_string (value, self->message);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hp_trace_loader_class_init (HpTraceLoaderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = hp_trace_loader_finalize;
  object_class->get_property = hp_trace_loader_get_property;

  /**
   * HpTraceLoader:fraction:
   *
   * Bytes read of all bytes on disk, from 0 to 1.
   */
  properties[PROP_FRACTION] =
      g_param_spec_double ("fraction", NULL, NULL, 0, 1, 0,
                           G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HpTraceLoader:message:
   *
   * "N of M files · X of Y MB".
   */
  properties[PROP_MESSAGE] =
      g_param_spec_string ("message", NULL, NULL, NULL,
                           G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hp_trace_loader_init (HpTraceLoader *self)
{
  g_mutex_init (&self->lock);
  self->message = g_strdup (_ ("Looking for trace files…"));
}

/**
 * hp_trace_loader_new:
 * @paths: a folder, or trace files
 * @mode: the rules to load with
 * @include_last_step: keep the last profiler step
 *
 * Returns: (transfer full): a loader; call hp_trace_loader_load_async() once
 */
HpTraceLoader *
hp_trace_loader_new (const char *const *paths,
                     HpMode             mode,
                     gboolean           include_last_step)
{
  HpTraceLoader *self;

  g_return_val_if_fail (paths != NULL && paths[0] != NULL, NULL);

  self = g_object_new (HP_TYPE_TRACE_LOADER, NULL);
  self->paths = g_strdupv ((char **)paths);
  self->mode = mode;
  self->include_last_step = include_last_step;
  return self;
}

const char *const *
hp_trace_loader_get_paths (HpTraceLoader *self)
{
  g_return_val_if_fail (HP_IS_TRACE_LOADER (self), NULL);
  return (const char *const *)self->paths;
}

double
hp_trace_loader_get_fraction (HpTraceLoader *self)
{
  g_return_val_if_fail (HP_IS_TRACE_LOADER (self), 0);
  return self->fraction;
}

const char *
hp_trace_loader_get_message (HpTraceLoader *self)
{
  g_return_val_if_fail (HP_IS_TRACE_LOADER (self), NULL);
  return self->message;
}

/**
 * hp_trace_loader_set_comm_patterns:
 * @patterns: (nullable): the user's communication patterns to load with
 */
void
hp_trace_loader_set_comm_patterns (HpTraceLoader  *self,
                                   HpCommPatterns *patterns)
{
  g_return_if_fail (HP_IS_TRACE_LOADER (self));

  g_clear_pointer (&self->comm_patterns, hp_comm_patterns_unref);
  self->comm_patterns = patterns != NULL ? hp_comm_patterns_ref (patterns) : NULL;
}

/**
 * hp_trace_loader_set_job:
 * @job: of files from several jobs, the one to load (from 1); 0 refuses them
 */
void
hp_trace_loader_set_job (HpTraceLoader *self,
                         guint          job)
{
  g_return_if_fail (HP_IS_TRACE_LOADER (self));
  self->job = job;
}

/**
 * hp_trace_loader_load_async:
 *
 * Loads in worker threads (a folder of rank summaries through the
 * runner); progress arrives on the calling thread's main context.
 */
void
hp_trace_loader_load_async (HpTraceLoader      *self,
                            GCancellable       *cancellable,
                            GAsyncReadyCallback callback,
                            gpointer            user_data)
{
  GTask        *task;
  HpLoadOptions options = { 0 };

  g_return_if_fail (HP_IS_TRACE_LOADER (self));
  g_return_if_fail (self->context == NULL);

  self->context = g_main_context_ref_thread_default ();
  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, hp_trace_loader_load_async);

  options.mode = self->mode;
  options.include_last_step = self->include_last_step;
  options.comm_patterns = self->comm_patterns;
  options.job = self->job;
  options.progress = progress_cb;
  /* the task holds self until the load has returned, so the threads never
   * report to a finalized loader */
  options.progress_data = self;
  /* a folder of rank summaries (or one mixing them with traces) */
  if (hp_paths_have_summaries ((const char *const *)self->paths))
    {
      SummariesInput *input = g_new0 (SummariesInput, 1);

      input->loader = g_object_ref (self);
      input->options = options;
      hp_view_job_run (&load_summaries_job, NULL, NULL, NULL, NULL, input, summaries_input_free, cancellable, NULL,
                       NULL, summaries_loaded_cb, task);
      return;
    }
  hp_load_paths_async ((const char *const *)self->paths, &options, cancellable, load_cb, task);
}

/**
 * hp_trace_loader_load_finish:
 *
 * Returns: (transfer full): the trace, or %NULL with @error set
 *   (%G_IO_ERROR_CANCELLED when cancelled)
 */
HpTrace *
hp_trace_loader_load_finish (HpTraceLoader *self,
                             GAsyncResult  *result,
                             GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
