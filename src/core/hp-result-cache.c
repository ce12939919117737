/* hp-result-cache.c — the one runner: results computed off the main thread, kept per key.
 *
 * Everything a view shows beyond the trace itself is a result: an analysis'
 * tables, the statistics of a selected range, the timeline's idle gaps, a
 * comparison. A view asks the cache for (job, owner, key) — the owner is
 * the run the result is of, the key says the scope, the parameters and
 * whatever else the job reads — and gets the typed payload back on its own
 * thread. The first request starts a worker; requests for the same key
 * while it runs wait for that worker; later ones get the kept result at
 * once. A request cancelled stops waiting; the worker is cancelled when no
 * request waits for it any more. Results of a run go when the run goes;
 * the finished ones beyond max_results go, least recently used first.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-result-cache.h"

struct _HpJobResult
{
  gatomicrefcount    ref_count;
  const HpResultJob *job;
  gpointer           payload;
  double             seconds;
};

G_DEFINE_BOXED_TYPE (HpJobResult, hp_job_result, hp_job_result_ref, hp_job_result_unref)

typedef struct _Entry Entry;

/* Shared by an entry and its worker; progress goes through it. */
struct _HpJobContext
{
  gatomicrefcount ref_count;
  GMutex          mutex;
  double          fraction;
  gboolean        idle_pending;
  GMainContext   *main_context;
  Entry          *entry; /* main thread only; NULL once the entry is gone */
};

struct _Entry
{
  HpResultCache     *cache;
  char              *key;
  const HpResultJob *job;
  GObject           *owner;
  HpJobResult       *result;  /* NULL while running */
  GPtrArray         *waiters; /* GTask of the requests waiting */
  GCancellable      *cancellable;
  HpJobContext      *context;
  GList             *lru_link; /* in cache->finished, once done */
};

typedef struct
{
  Entry               *entry; /* NULL once answered */
  HpResultProgressFunc progress;
  gpointer             progress_data;
  GSource             *cancel_source;
} Waiter;

typedef struct
{
  const HpResultJob *job;
  HpTrace           *trace;
  gpointer           input;
  GDestroyNotify     input_free;
  HpJobContext      *context;
  char              *key;
} WorkData;

struct _HpResultCache
{
  GObject     parent_instance;
  guint       max_results;
  GHashTable *entries;  /* key → Entry */
  GQueue      finished; /* Entry, the most recently used first */
  GHashTable *owners;   /* GObject → number of entries */
  guint       n_computed;
  guint       n_running;
};

G_DEFINE_FINAL_TYPE (HpResultCache, hp_result_cache, G_TYPE_OBJECT)

static HpJobResult *
job_result_new (const HpResultJob *job,
                gpointer           payload,
                double             seconds)
{
  HpJobResult *self = g_new0 (HpJobResult, 1);

  g_atomic_ref_count_init (&self->ref_count);
  self->job = job;
  self->payload = payload;
  self->seconds = seconds;
  return self;
}

HpJobResult *
hp_job_result_ref (HpJobResult *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
hp_job_result_unref (HpJobResult *self)
{
  g_return_if_fail (self != NULL);
  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;
  if (self->payload != NULL && self->job->payload_free != NULL)
    self->job->payload_free (self->payload);
  g_free (self);
}

/**
 * hp_job_result_get_payload:
 *
 * Returns: (transfer none): what the job computed; immutable
 */
gpointer
hp_job_result_get_payload (HpJobResult *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->payload;
}

/**
 * hp_job_result_steal_payload:
 *
 * For a transient job's result only, which no one else sees.
 *
 * Returns: (transfer full): what the job computed, now the caller's
 */
gpointer
hp_job_result_steal_payload (HpJobResult *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (self->job->transient, NULL);
  return g_steal_pointer (&self->payload);
}

const HpResultJob *
hp_job_result_get_job (HpJobResult *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->job;
}

/**
 * hp_job_result_get_seconds:
 *
 * Returns: how long the worker took; 0 for a result inserted ready-made
 */
double
hp_job_result_get_seconds (HpJobResult *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->seconds;
}

static HpJobContext *
job_context_ref (HpJobContext *self)
{
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

static void
job_context_unref (HpJobContext *self)
{
  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;
  g_mutex_clear (&self->mutex);
  g_main_context_unref (self->main_context);
  g_free (self);
}

static gboolean
report_progress (gpointer data)
{
  HpJobContext *context = data;
  double        fraction;

  g_mutex_lock (&context->mutex);
  fraction = context->fraction;
  context->idle_pending = FALSE;
  g_mutex_unlock (&context->mutex);

  if (context->entry != NULL)
    {
      g_autoptr (GPtrArray) waiters = g_ptr_array_copy (context->entry->waiters, (GCopyFunc)g_object_ref, NULL);

      g_ptr_array_set_free_func (waiters, g_object_unref);
      for (guint i = 0; i < waiters->len; i++)
        {
          Waiter *waiter = g_task_get_task_data (waiters->pdata[i]);

          if (waiter->entry != NULL && waiter->progress != NULL)
            waiter->progress (fraction, waiter->progress_data);
        }
    }
  return G_SOURCE_REMOVE;
}

/**
 * hp_job_context_set_progress:
 * @fraction: how much is done, 0 to 1
 *
 * From the worker: the requests waiting hear of it on their thread, at
 * most once per main loop iteration.
 */
void
hp_job_context_set_progress (HpJobContext *context,
                             double        fraction)
{
  gboolean schedule;

  if (context == NULL)
    return;
  g_mutex_lock (&context->mutex);
  context->fraction = CLAMP (fraction, 0.0, 1.0);
  schedule = !context->idle_pending;
  context->idle_pending = TRUE;
  g_mutex_unlock (&context->mutex);

  if (schedule)
    {
      g_autoptr (GSource) source = g_idle_source_new ();

      g_source_set_callback (source, report_progress, job_context_ref (context), (GDestroyNotify)job_context_unref);
      g_source_set_static_name (source, "[hotpath] job progress");
      g_source_attach (source, context->main_context);
    }
}

static void
work_data_free (WorkData *data)
{
  g_clear_pointer (&data->trace, hp_trace_unref);
  if (data->input != NULL && data->input_free != NULL)
    data->input_free (data->input);
  job_context_unref (data->context);
  g_free (data->key);
  g_free (data);
}

static void
owner_gone (gpointer data,
            GObject *where_the_object_was);

static void
entry_free (gpointer data)
{
  Entry *entry = data;

  if (entry->cancellable != NULL)
    g_cancellable_cancel (entry->cancellable);
  g_clear_object (&entry->cancellable);
  if (entry->context != NULL)
    {
      entry->context->entry = NULL;
      job_context_unref (entry->context);
    }
  if (entry->lru_link != NULL)
    g_queue_delete_link (&entry->cache->finished, entry->lru_link);
  if (entry->owner != NULL)
    {
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (entry->cache->owners, entry->owner));

      if (n <= 1)
        {
          g_hash_table_remove (entry->cache->owners, entry->owner);
          g_object_weak_unref (entry->owner, owner_gone, entry->cache);
        }
      else
        g_hash_table_insert (entry->cache->owners, entry->owner, GUINT_TO_POINTER (n - 1));
    }
  /* the requests still waiting are answered by whoever removed the entry */
  g_assert (entry->waiters->len == 0);
  g_ptr_array_unref (entry->waiters);
  g_clear_pointer (&entry->result, hp_job_result_unref);
  g_free (entry->key);
  g_free (entry);
}

/* Answers every request waiting on @entry: with @result, else @error */
static void
answer_waiters (Entry        *entry,
                HpJobResult  *result,
                const GError *error)
{
  g_autoptr (GPtrArray) waiters = g_steal_pointer (&entry->waiters);

  entry->waiters = g_ptr_array_new ();
  for (guint i = 0; i < waiters->len; i++)
    {
      g_autoptr (GTask) task = waiters->pdata[i];
      Waiter *waiter = g_task_get_task_data (task);

      waiter->entry = NULL;
      if (waiter->cancel_source != NULL)
        g_source_destroy (waiter->cancel_source);
      if (result != NULL)
        g_task_return_pointer (task, hp_job_result_ref (result), (GDestroyNotify)hp_job_result_unref);
      else
        g_task_return_error (task, g_error_copy (error));
    }
}

/* Answers the requests waiting on @entries with @error, and frees them */
static void
drop_entries (HpResultCache *self,
              GPtrArray     *entries,
              const GError  *error)
{
  for (guint i = 0; i < entries->len; i++)
    {
      Entry *entry = entries->pdata[i];

      g_hash_table_steal (self->entries, entry->key);
    }
  /* the answers may ask for results again: the table is settled first */
  for (guint i = 0; i < entries->len; i++)
    {
      answer_waiters (entries->pdata[i], NULL, error);
      entry_free (entries->pdata[i]);
    }
}

static void
owner_gone (gpointer data,
            GObject *where_the_object_was)
{
  HpResultCache *self = data;
  GHashTableIter iter;
  gpointer       value;
  g_autoptr (GPtrArray) gone = g_ptr_array_new ();
  g_autoptr (GError) error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, "The run was closed");

  g_hash_table_remove (self->owners, where_the_object_was);
  g_hash_table_iter_init (&iter, self->entries);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      Entry *entry = value;

      if (entry->owner != (GObject *)where_the_object_was)
        continue;
      entry->owner = NULL; /* no weak reference to drop any more */
      g_ptr_array_add (gone, entry);
    }
  drop_entries (self, gone, error);
}

static void
trim (HpResultCache *self)
{
  while (self->finished.length > self->max_results)
    {
      Entry *oldest = g_queue_peek_tail (&self->finished);

      g_hash_table_remove (self->entries, oldest->key);
    }
}

static void
touch (HpResultCache *self,
       Entry         *entry)
{
  if (entry->lru_link != NULL)
    g_queue_unlink (&self->finished, entry->lru_link);
  else
    entry->lru_link = g_list_alloc ();
  entry->lru_link->data = entry;
  g_queue_push_head_link (&self->finished, entry->lru_link);
}

static void
work_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  WorkData *data = task_data;
  GError   *error = NULL;
  gint64    start = g_get_monotonic_time ();
  gpointer  payload = data->job->compute (data->trace, data->input, data->context, cancellable, &error);

  if (payload == NULL && error == NULL && g_cancellable_is_cancelled (cancellable))
    error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, "Cancelled");
  if (payload == NULL && error == NULL)
    error = g_error_new (G_IO_ERROR, G_IO_ERROR_FAILED, "%s gave nothing", data->job->name);
  if (error != NULL)
    {
      if (payload != NULL && data->job->payload_free != NULL)
        data->job->payload_free (payload);
      g_task_return_error (task, error);
      return;
    }
  g_task_return_pointer (task, job_result_new (data->job, payload, (g_get_monotonic_time () - start) / 1e6),
                         (GDestroyNotify)hp_job_result_unref);
}

static void
work_done_cb (GObject      *source,
              GAsyncResult *res,
              gpointer      user_data)
{
  HpResultCache *self = HP_RESULT_CACHE (source);
  WorkData      *data = g_task_get_task_data (G_TASK (res));
  g_autoptr (GError) error = NULL;
  g_autoptr (HpJobResult) result = g_task_propagate_pointer (G_TASK (res), &error);
  Entry *entry = data->context->entry;

  self->n_running--;
  /* NULL: nobody waited any more, or the owner went */
  if (entry == NULL)
    return;
  g_clear_object (&entry->cancellable);
  if (result == NULL)
    {
      g_hash_table_steal (self->entries, entry->key);
      answer_waiters (entry, NULL, error);
      entry_free (entry);
      return;
    }
  if (entry->job->transient)
    {
      g_hash_table_steal (self->entries, entry->key);
      answer_waiters (entry, result, NULL);
      entry_free (entry);
      return;
    }
  entry->result = hp_job_result_ref (result);
  touch (self, entry);
  answer_waiters (entry, result, NULL);
  trim (self);
}

static void
start_work (HpResultCache *self,
            Entry         *entry,
            HpTrace       *trace,
            gpointer       input,
            GDestroyNotify input_free)
{
  g_autoptr (GTask) task = NULL;
  WorkData *data = g_new0 (WorkData, 1);

  entry->cancellable = g_cancellable_new ();
  entry->context = g_new0 (HpJobContext, 1);
  g_atomic_ref_count_init (&entry->context->ref_count);
  g_mutex_init (&entry->context->mutex);
  entry->context->main_context = g_main_context_ref_thread_default ();
  entry->context->entry = entry;

  data->job = entry->job;
  data->trace = trace != NULL ? hp_trace_ref (trace) : NULL;
  data->input = input;
  data->input_free = input_free;
  data->context = job_context_ref (entry->context);
  data->key = g_strdup (entry->key);

  self->n_computed++;
  self->n_running++;
  task = g_task_new (self, entry->cancellable, work_done_cb, NULL);
  g_task_set_source_tag (task, start_work);
  g_task_set_name (task, "[hotpath] job");
  g_task_set_task_data (task, data, (GDestroyNotify)work_data_free);
  g_task_run_in_thread (task, work_thread);
}

static char *
make_key (const HpResultJob *job,
          GObject           *owner,
          const char        *key)
{
  static guint serial;

  /* a transient result is of one request only */
  if (job->transient)
    return g_strdup_printf ("%s|%p|%s|#%u", job->name, (gpointer)owner, key != NULL ? key : "", ++serial);
  return g_strdup_printf ("%s|%p|%s", job->name, (gpointer)owner, key != NULL ? key : "");
}

static Entry *
add_entry (HpResultCache     *self,
           const HpResultJob *job,
           GObject           *owner,
           char              *key)
{
  Entry *entry = g_new0 (Entry, 1);

  entry->cache = self;
  entry->key = key;
  entry->job = job;
  entry->owner = owner;
  entry->waiters = g_ptr_array_new ();
  if (owner != NULL)
    {
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (self->owners, owner));

      if (n == 0)
        g_object_weak_ref (owner, owner_gone, self);
      g_hash_table_insert (self->owners, owner, GUINT_TO_POINTER (n + 1));
    }
  g_hash_table_insert (self->entries, entry->key, entry);
  return entry;
}

/* A request's cancellable fired: it stops waiting; the worker stops when
 * nobody waits for it */
static gboolean
waiter_cancelled (GCancellable *cancellable,
                  gpointer      user_data)
{
  GTask  *task = user_data;
  Waiter *waiter = g_task_get_task_data (task);
  Entry  *entry = waiter->entry;

  waiter->cancel_source = NULL;
  if (entry == NULL)
    return G_SOURCE_REMOVE;
  waiter->entry = NULL;
  g_ptr_array_remove_fast (entry->waiters, task);
  if (entry->waiters->len == 0 && entry->result == NULL)
    g_hash_table_remove (entry->cache->entries, entry->key);
  g_task_return_error_if_cancelled (task);
  g_object_unref (task); /* the entry's */
  return G_SOURCE_REMOVE;
}

static void
hp_result_cache_dispose (GObject *object)
{
  HpResultCache *self = HP_RESULT_CACHE (object);
  g_autoptr (GError) error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, "The cache went away");

  if (self->entries != NULL)
    {
      g_autoptr (GPtrArray) all = g_ptr_array_new ();
      GHashTableIter iter;
      gpointer       value;

      g_hash_table_iter_init (&iter, self->entries);
      while (g_hash_table_iter_next (&iter, NULL, &value))
        g_ptr_array_add (all, value);
      drop_entries (self, all, error);
    }
  G_OBJECT_CLASS (hp_result_cache_parent_class)->dispose (object);
}

static void
hp_result_cache_finalize (GObject *object)
{
  HpResultCache *self = HP_RESULT_CACHE (object);

  g_clear_pointer (&self->entries, g_hash_table_unref);
  g_clear_pointer (&self->owners, g_hash_table_unref);

  G_OBJECT_CLASS (hp_result_cache_parent_class)->finalize (object);
}

static void
hp_result_cache_class_init (HpResultCacheClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = hp_result_cache_dispose;
  object_class->finalize = hp_result_cache_finalize;
}

static void
hp_result_cache_init (HpResultCache *self)
{
  self->max_results = 64;
  self->entries = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, entry_free);
  self->owners = g_hash_table_new (NULL, NULL);
  g_queue_init (&self->finished);
}

/**
 * hp_result_cache_new:
 * @max_results: how many finished results to keep at the most
 *
 * Returns: (transfer full): an empty cache
 */
HpResultCache *
hp_result_cache_new (guint max_results)
{
  HpResultCache *self = g_object_new (HP_TYPE_RESULT_CACHE, NULL);

  self->max_results = MAX (max_results, 1);
  return self;
}

/**
 * hp_result_cache_get_default:
 *
 * The cache every window and comparison of the process share, so that a
 * result computed for a run open in a window serves a comparison too.
 *
 * Returns: (transfer none): the process' cache
 */
HpResultCache *
hp_result_cache_get_default (void)
{
  static gsize cache;

  if (g_once_init_enter (&cache))
    g_once_init_leave (&cache, (gsize)hp_result_cache_new (64));
  return (HpResultCache *)cache;
}

/**
 * hp_result_cache_compute_async:
 * @job: what to compute; static
 * @owner: (nullable): the run the result is of: its results go when it
 *   goes; %NULL when @key alone names the result
 * @key: (nullable): what else the result depends on: scope, parameters,
 *   the job's own input
 * @trace: (nullable): what @job computes on
 * @input: (transfer full) (nullable): the job's input, used only when a
 *   worker starts; freed with @input_free
 * @cancellable: (nullable): stops this request's wait
 * @progress: (nullable) (scope notified): told how far the worker is,
 *   until @callback runs
 * @callback: gets the result, on the calling thread
 *
 * Gets the result of @job for (@owner, @key): at once when kept, from the
 * worker already computing it, or from a new worker.
 */
void
hp_result_cache_compute_async (HpResultCache       *self,
                               const HpResultJob   *job,
                               GObject             *owner,
                               const char          *key,
                               HpTrace             *trace,
                               gpointer             input,
                               GDestroyNotify       input_free,
                               GCancellable        *cancellable,
                               HpResultProgressFunc progress,
                               gpointer             progress_data,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;
  g_autofree char *full_key = NULL;
  Waiter          *waiter;
  Entry           *entry;

  g_return_if_fail (HP_IS_RESULT_CACHE (self));
  g_return_if_fail (job != NULL && job->name != NULL && job->compute != NULL);
  g_return_if_fail (owner == NULL || G_IS_OBJECT (owner));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, hp_result_cache_compute_async);
  if (g_task_return_error_if_cancelled (task))
    goto free_input;

  full_key = make_key (job, owner, key);
  entry = g_hash_table_lookup (self->entries, full_key);
  if (entry != NULL && entry->result != NULL)
    {
      touch (self, entry);
      g_task_return_pointer (task, hp_job_result_ref (entry->result), (GDestroyNotify)hp_job_result_unref);
      goto free_input;
    }

  waiter = g_new0 (Waiter, 1);
  waiter->progress = progress;
  waiter->progress_data = progress_data;
  g_task_set_task_data (task, waiter, g_free);
  if (entry == NULL)
    {
      entry = add_entry (self, job, owner, g_steal_pointer (&full_key));
      start_work (self, entry, trace, input, input_free);
      input = NULL;
    }
  waiter->entry = entry;
  g_ptr_array_add (entry->waiters, g_object_ref (task));
  if (cancellable != NULL)
    {
      waiter->cancel_source = g_cancellable_source_new (cancellable);
      g_source_set_callback (waiter->cancel_source, G_SOURCE_FUNC (waiter_cancelled), g_object_ref (task), g_object_unref);
      g_source_set_static_name (waiter->cancel_source, "[hotpath] job request cancelled");
      g_source_attach (waiter->cancel_source, g_task_get_context (task));
      g_source_unref (waiter->cancel_source);
    }

free_input:
  if (input != NULL && input_free != NULL)
    input_free (input);
}

/**
 * hp_result_cache_compute_finish:
 *
 * Returns: (transfer full): the result, or %NULL with @error set
 *   (%G_IO_ERROR_CANCELLED when the request was cancelled)
 */
HpJobResult *
hp_result_cache_compute_finish (HpResultCache *self,
                                GAsyncResult  *result,
                                GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * hp_result_cache_lookup:
 *
 * Returns: (transfer full) (nullable): the kept result for (@job, @owner,
 *   @key), %NULL if none is finished
 */
HpJobResult *
hp_result_cache_lookup (HpResultCache     *self,
                        const HpResultJob *job,
                        GObject           *owner,
                        const char        *key)
{
  g_autofree char *full_key = NULL;
  Entry           *entry;

  g_return_val_if_fail (HP_IS_RESULT_CACHE (self), NULL);
  g_return_val_if_fail (job != NULL, NULL);

  full_key = make_key (job, owner, key);
  entry = g_hash_table_lookup (self->entries, full_key);
  if (entry == NULL || entry->result == NULL)
    return NULL;
  touch (self, entry);
  return hp_job_result_ref (entry->result);
}

/**
 * hp_result_cache_insert:
 * @payload: (transfer full): a result computed elsewhere
 *
 * Keeps @payload as the result of (@job, @owner, @key), unless one is
 * kept or on its way already (then @payload is freed).
 */
void
hp_result_cache_insert (HpResultCache     *self,
                        const HpResultJob *job,
                        GObject           *owner,
                        const char        *key,
                        gpointer           payload)
{
  g_autofree char *full_key = NULL;
  Entry           *entry;

  g_return_if_fail (HP_IS_RESULT_CACHE (self));
  g_return_if_fail (job != NULL && payload != NULL);

  full_key = make_key (job, owner, key);
  if (g_hash_table_contains (self->entries, full_key))
    {
      if (job->payload_free != NULL)
        job->payload_free (payload);
      return;
    }
  entry = add_entry (self, job, owner, g_steal_pointer (&full_key));
  entry->result = job_result_new (job, payload, 0);
  touch (self, entry);
  trim (self);
}

/**
 * hp_result_cache_get_n_computed:
 *
 * Returns: how many workers the cache started so far
 */
guint
hp_result_cache_get_n_computed (HpResultCache *self)
{
  g_return_val_if_fail (HP_IS_RESULT_CACHE (self), 0);
  return self->n_computed;
}

/**
 * hp_result_cache_get_n_running:
 *
 * Returns: how many workers have not come back yet
 */
guint
hp_result_cache_get_n_running (HpResultCache *self)
{
  g_return_val_if_fail (HP_IS_RESULT_CACHE (self), 0);
  return self->n_running;
}
