/* hp-trace.c — a loaded job: its ranks, shared strings, mode and issues.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-classify.h"
#include "hp-comm-patterns.h"
#include "hp-core-private.h"
#include "hp-summary.h"

struct _HpTrace
{
  gatomicrefcount ref_count;
  HpMode          mode;
  gboolean        include_last_step;
  HpCommPatterns *comm_patterns; /* or NULL */
  HpStrings      *strings;
  GPtrArray      *ranks; /* HpRank *, ascending rank */
  GListStore     *issues;
  GPtrArray      *ignored; /* char * */
  gint64          min_ts;
  guint8         *used_as_category; /* per string id */
  /* a scoped view (hp-scope.c): its ranks borrow every column of the
   * parent's ranks but the rows, the iterations and clipped times */
  HpTrace       *parent;
  gpointer       scope; /* HpScope; freed with scope_free, so the trace needs no scope code */
  GDestroyNotify scope_free;
  /* a job opened from summaries (hp-summary-job.c) */
  GPtrArray                 *summaries; /* HpSummary */
  const HpTraceSummaryHooks *summary_hooks;
  /* tables that more than one analysis reads (_hp_trace_memo_tables()) */
  GMutex      memo_mutex;
  GCond       memo_cond;
  GHashTable *memos; /* key → Memo */
};

typedef struct
{
  gboolean   running;
  GPtrArray *tables; /* HpTable *, once made */
} Memo;

static void
memo_free (gpointer data)
{
  Memo *memo = data;

  g_clear_pointer (&memo->tables, g_ptr_array_unref);
  g_free (memo);
}

G_DEFINE_BOXED_TYPE (HpTrace, hp_trace, hp_trace_ref, hp_trace_unref)

HpTrace *
_hp_trace_new (HpMode      mode,
               gboolean    include_last_step,
               HpStrings  *strings,
               GPtrArray  *ranks,
               GListStore *issues,
               GPtrArray  *ignored,
               gint64      min_ts)
{
  HpTrace *self = g_new0 (HpTrace, 1);
  guint    n_strings = hp_strings_size (strings);

  g_atomic_ref_count_init (&self->ref_count);
  self->mode = mode;
  self->include_last_step = include_last_step;
  self->strings = strings;
  self->ranks = ranks;
  self->issues = issues;
  self->ignored = ignored;
  self->min_ts = min_ts;
  g_mutex_init (&self->memo_mutex);
  g_cond_init (&self->memo_cond);

  self->used_as_category = g_new0 (guint8, MAX (n_strings, 1));
  for (guint k = 0; k < ranks->len; k++)
    {
      const HpRank *r = ranks->pdata[k];

      for (guint i = 0; i < r->n_events; i++)
        if (r->cat[i] != HP_NO_STRING)
          self->used_as_category[r->cat[i]] = 1;
    }
  return self;
}

HpTrace *
_hp_trace_new_view (HpTrace       *parent,
                    GPtrArray     *ranks,
                    gpointer       scope,
                    GDestroyNotify scope_free)
{
  HpTrace *self = g_new0 (HpTrace, 1);

  g_atomic_ref_count_init (&self->ref_count);
  self->mode = parent->mode;
  self->include_last_step = parent->include_last_step;
  self->comm_patterns = parent->comm_patterns != NULL ? hp_comm_patterns_ref (parent->comm_patterns) : NULL;
  self->strings = parent->strings;
  self->ranks = ranks;
  self->issues = g_object_ref (parent->issues);
  self->ignored = g_ptr_array_ref (parent->ignored);
  self->min_ts = parent->min_ts;
  self->used_as_category = g_memdup2 (parent->used_as_category, MAX (hp_strings_size (parent->strings), 1));
  self->parent = hp_trace_ref (parent);
  self->scope = scope;
  self->scope_free = scope_free;
  g_mutex_init (&self->memo_mutex);
  g_cond_init (&self->memo_cond);
  return self;
}

/* frees what a view rank owns: its rows, iterations and clipped times */
static void
view_rank_free (HpRank       *view,
                const HpRank *base)
{
  if (view->ts != base->ts)
    g_free (view->ts);
  if (view->dur.cells != base->dur.cells)
    _hp_column32_clear (&view->dur);
  g_free (view->rows);
  g_free (view->iterations);
  g_free (view);
}

HpTrace *
hp_trace_ref (HpTrace *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
hp_trace_unref (HpTrace *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;
  if (self->parent != NULL)
    {
      for (guint k = 0; k < self->ranks->len; k++)
        view_rank_free (self->ranks->pdata[k], self->parent->ranks->pdata[k]);
      g_clear_pointer (&self->parent, hp_trace_unref);
      if (self->scope_free != NULL)
        self->scope_free (self->scope);
    }
  else
    {
      for (guint k = 0; k < self->ranks->len; k++)
        _hp_rank_free (self->ranks->pdata[k]);
      hp_strings_free (self->strings);
    }
  g_clear_pointer (&self->comm_patterns, hp_comm_patterns_unref);
  g_ptr_array_unref (self->ranks);
  g_clear_pointer (&self->summaries, g_ptr_array_unref);
  g_object_unref (self->issues);
  g_ptr_array_unref (self->ignored);
  g_free (self->used_as_category);
  g_clear_pointer (&self->memos, g_hash_table_unref);
  g_mutex_clear (&self->memo_mutex);
  g_cond_clear (&self->memo_cond);
  g_free (self);
}

/**
 * _hp_trace_memo_tables:
 * @key: what the tables are, one static address per kind
 * @compute: makes them, once per trace
 *
 * Tables that more than one analysis reads, made once per trace: the
 * first caller computes them, callers meanwhile wait for it, later ones
 * get them at once. A computation that fails (or is cancelled) is kept by
 * no one: the next caller, or one that waited, computes them itself.
 * Tables are immutable once made, so every caller shares the same ones.
 *
 * Returns: (transfer full) (element-type HpTable): the tables, or %NULL
 *   with @error set
 */
GPtrArray *
_hp_trace_memo_tables (HpTrace        *self,
                       gconstpointer   key,
                       HpTraceMemoFunc compute,
                       GCancellable   *cancellable,
                       GError        **error)
{
  Memo      *memo;
  GPtrArray *tables;

  g_mutex_lock (&self->memo_mutex);
  if (self->memos == NULL)
    self->memos = g_hash_table_new_full (NULL, NULL, NULL, memo_free);
  memo = g_hash_table_lookup (self->memos, key);
  if (memo == NULL)
    {
      memo = g_new0 (Memo, 1);
      g_hash_table_insert (self->memos, (gpointer)key, memo);
    }
  while (memo->running && memo->tables == NULL)
    {
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          g_mutex_unlock (&self->memo_mutex);
          return NULL;
        }
      /* woken when the one computing is done; the timeout to notice a cancel */
      g_cond_wait_until (&self->memo_cond, &self->memo_mutex, g_get_monotonic_time () + 20 * G_TIME_SPAN_MILLISECOND);
    }
  if (memo->tables != NULL)
    {
      tables = g_ptr_array_ref (memo->tables);
      g_mutex_unlock (&self->memo_mutex);
      return tables;
    }
  memo->running = TRUE;
  g_mutex_unlock (&self->memo_mutex);

  tables = compute (self, cancellable, error);

  g_mutex_lock (&self->memo_mutex);
  memo->running = FALSE;
  if (tables != NULL)
    memo->tables = g_ptr_array_ref (tables);
  g_cond_broadcast (&self->memo_cond);
  g_mutex_unlock (&self->memo_mutex);
  return tables;
}

/**
 * hp_trace_get_unscoped:
 *
 * Returns: (transfer none): the whole trace a scoped one was made from
 *   (hp_trace_apply_scope()), or @self
 */
HpTrace *
hp_trace_get_unscoped (HpTrace *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  while (self->parent != NULL)
    self = self->parent;
  return self;
}

/**
 * hp_trace_get_scope:
 *
 * Returns: (transfer none) (nullable): the scope of a scoped trace, %NULL
 *   for a whole one
 */
struct _HpScope *
hp_trace_get_scope (HpTrace *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->scope;
}

HpMode
hp_trace_get_mode (HpTrace *self)
{
  g_return_val_if_fail (self != NULL, HP_MODE_DEFAULT);
  return self->mode;
}

gboolean
hp_trace_get_include_last_step (HpTrace *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->include_last_step;
}

/**
 * hp_trace_get_comm_patterns:
 *
 * Returns: (transfer none) (nullable): the user's communication patterns
 *   the trace was classified with (#HpLoadOptions.comm_patterns)
 */
HpCommPatterns *
hp_trace_get_comm_patterns (HpTrace *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->comm_patterns;
}

void
_hp_trace_set_comm_patterns (HpTrace        *self,
                             HpCommPatterns *patterns)
{
  g_clear_pointer (&self->comm_patterns, hp_comm_patterns_unref);
  self->comm_patterns = patterns != NULL ? hp_comm_patterns_ref (patterns) : NULL;
}

guint
hp_trace_get_n_ranks (HpTrace *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->ranks->len;
}

/**
 * hp_trace_get_rank:
 * @position: 0 .. n_ranks - 1, in ascending rank order
 *
 * Returns: (transfer none): the rank
 */
const HpRank *
hp_trace_get_rank (HpTrace *self,
                   guint    position)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (position < self->ranks->len, NULL);
  return self->ranks->pdata[position];
}

/**
 * hp_trace_find_rank:
 *
 * Returns: (transfer none) (nullable): the rank numbered @rank
 */
const HpRank *
hp_trace_find_rank (HpTrace *self,
                    int      rank)
{
  g_return_val_if_fail (self != NULL, NULL);
  for (guint k = 0; k < self->ranks->len; k++)
    if (((HpRank *)self->ranks->pdata[k])->rank == rank)
      return self->ranks->pdata[k];
  return NULL;
}

/**
 * hp_trace_get_min_ts:
 *
 * Returns: the time (ns, in the files' clock) subtracted from every event
 *   to align the ranks (docs/trace-format.md §10)
 */
gint64
hp_trace_get_min_ts (HpTrace *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->min_ts;
}

const char *
hp_trace_get_device_type (HpTrace *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  if (self->ranks->len == 0)
    return "UNKNOWN GPU";
  return ((HpRank *)self->ranks->pdata[0])->device_type;
}

guint
hp_trace_get_n_strings (HpTrace *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return hp_strings_size (self->strings);
}

const char *
hp_trace_get_string (HpTrace *self,
                     guint32  id)
{
  g_return_val_if_fail (self != NULL, NULL);
  if (id == HP_NO_STRING)
    return NULL;
  return hp_strings_get (self->strings, id);
}

guint32
hp_trace_lookup_string (HpTrace    *self,
                        const char *str)
{
  g_return_val_if_fail (self != NULL, HP_NO_STRING);
  g_return_val_if_fail (str != NULL, HP_NO_STRING);
  return hp_strings_lookup (self->strings, str, strlen (str));
}

/**
 * hp_trace_has_category:
 *
 * Returns: whether any event of any rank has this category
 */
gboolean
hp_trace_has_category (HpTrace    *self,
                       const char *category)
{
  guint32 id = hp_trace_lookup_string (self, category);

  return id != HP_NO_STRING && self->used_as_category[id];
}

/**
 * hp_trace_step_number:
 *
 * Returns: N when the string @name is `ProfilerStep#N`, else -1
 */
int
hp_trace_step_number (HpTrace *self,
                      guint32  name)
{
  const char *s = hp_trace_get_string (self, name);

  return s != NULL ? hp_parse_profiler_step (s) : -1;
}

/**
 * hp_trace_get_issues:
 *
 * Returns: (transfer none): a list model of #HpLoadIssue
 */
GListModel *
hp_trace_get_issues (HpTrace *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return G_LIST_MODEL (self->issues);
}

guint
hp_trace_get_n_ignored_files (HpTrace *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->ignored->len;
}

const char *
hp_trace_get_ignored_file (HpTrace *self,
                           guint    i)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (i < self->ignored->len, NULL);
  return self->ignored->pdata[i];
}

static JsonNode *
arg_to_node (const HpArgValue *v)
{
  JsonNode *node;

  switch (v->type)
    {
    case HP_ARG_INT:
      node = json_node_new (JSON_NODE_VALUE);
      json_node_set_int (node, v->i);
      return node;
    case HP_ARG_DOUBLE:
      node = json_node_new (JSON_NODE_VALUE);
      json_node_set_double (node, v->d);
      return node;
    case HP_ARG_STRING:
    case HP_ARG_NUMBER:
      {
        g_autofree char *s = g_strndup (v->s, v->s_len);

        node = json_node_new (JSON_NODE_VALUE);
        json_node_set_string (node, s);
        return node;
      }
    case HP_ARG_JSON:
      {
        g_autofree char *s = g_strndup (v->s, v->s_len);
        JsonNode        *parsed = json_from_string (s, NULL);

        if (parsed != NULL)
          return parsed;
        node = json_node_new (JSON_NODE_VALUE);
        json_node_set_string (node, s);
        return node;
      }
    case HP_ARG_TRUE:
    case HP_ARG_FALSE:
      node = json_node_new (JSON_NODE_VALUE);
      json_node_set_boolean (node, v->type == HP_ARG_TRUE);
      return node;
    case HP_ARG_NULL:
    default:
      return json_node_new (JSON_NODE_NULL);
    }
}

/**
 * hp_trace_get_event_args:
 *
 * Every arg of one event, for the details pane.
 *
 * Returns: (transfer full): a JSON object (empty when the event has none)
 */
JsonNode *
hp_trace_get_event_args (HpTrace      *self,
                         const HpRank *rank,
                         guint         event)
{
  g_autoptr (JsonObject) obj = json_object_new ();
  JsonNode  *node = json_node_new (JSON_NODE_OBJECT);
  HpArgIter  it;
  HpArgValue v;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (rank != NULL && event < rank->n_events, NULL);

  if (hp_rank_args_iter_init (rank, event, &it))
    while (hp_rank_args_iter_next (&it, &v))
      json_object_set_member (obj, hp_rank_get_arg_key_name (rank, v.key), arg_to_node (&v));
  json_node_set_object (node, obj);
  return node;
}

/**
 * hp_trace_has_string_tids:
 *
 * Returns: whether some event's `tid` was written as a string
 *   (`"stream 7"`, traces from 2021): tables that carry `tid` then show
 *   it as text, as HTA does
 */
gboolean
hp_trace_has_string_tids (HpTrace *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  for (guint k = 0; k < hp_trace_get_n_ranks (self); k++)
    {
      const HpRank *r = hp_trace_get_rank (self, k);

      /* the events analyses see: not the "Trace" span's "PyTorch Profiler" */
      for (guint i = 0; i < r->n_events; i++)
        if ((r->flags[i] & HP_EVENT_MEASURED) && hp_tid_is_string (hp_rank_tid (r, i)))
          return TRUE;
    }
  return FALSE;
}

/**
 * hp_trace_format_tid:
 * @tid: an event's `tid`
 *
 * Returns: (transfer full): the tid as the trace wrote it: its string, or
 *   its number
 */
char *
hp_trace_format_tid (HpTrace *self,
                     gint64   tid)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (hp_tid_is_string (tid))
    return g_strdup (hp_trace_get_string (self, hp_tid_string_id (tid)));
  return g_strdup_printf ("%" G_GINT64_FORMAT, tid);
}

/* makes @self a job opened from @summaries, answered by @hooks */
void
_hp_trace_set_summaries (HpTrace                   *self,
                         GPtrArray                 *summaries,
                         const HpTraceSummaryHooks *hooks)
{
  self->summaries = g_ptr_array_ref (summaries);
  self->summary_hooks = hooks;
}

const HpTraceSummaryHooks *
_hp_trace_get_summary_hooks (HpTrace *self)
{
  return self->summary_hooks;
}

/* %NULL when @self holds its events; for a job opened from summaries,
 * why @what (which reads them) cannot be had, naming the ranks to load */
char *
_hp_trace_why_no_events (HpTrace    *self,
                         const char *what)
{
  if (self->summary_hooks == NULL || self->summary_hooks->why_no_events == NULL)
    return NULL;
  return self->summary_hooks->why_no_events (self, what);
}

/**
 * hp_trace_get_summaries:
 *
 * Returns: (transfer none) (nullable) (element-type HpSummary): the
 *   summaries of a job opened from summaries (hp_summary_load_paths()),
 *   by rank; %NULL for a job loaded from its traces
 */
GPtrArray *
hp_trace_get_summaries (HpTrace *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->summaries;
}
