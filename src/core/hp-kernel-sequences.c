/* hp-kernel-sequences.c — frequent CUDA kernel sequences: the patterns under the chosen operators (docs/analyses.md §9.2).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "hp-call-graph-private.h"
#include "hp-kernel-sequences-private.h"
#include "hp-linked-events.h"

/* ---------------------------------------------------------------------------
 * Pattern mining (docs/analyses.md §9.2)
 * ------------------------------------------------------------------------- */

static void
pattern_free (gpointer data)
{
  HpKernelPattern *p = data;

  g_free (p->text);
  g_array_unref (p->events);
  g_array_unref (p->roots);
  g_free (p);
}

void
hp_kernel_sequences_free (HpKernelSequences *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->table, hp_table_unref);
  g_clear_pointer (&self->patterns, g_ptr_array_unref);
  g_clear_pointer (&self->trace, hp_trace_unref);
  g_free (self);
}

static int
cmp_patterns (gconstpointer a,
              gconstpointer b)
{
  const HpKernelPattern *x = *(HpKernelPattern *const *)a;
  const HpKernelPattern *y = *(HpKernelPattern *const *)b;

  if (x->count != y->count)
    return x->count > y->count ? -1 : 1;
  return strcmp (x->text, y->text);
}

static int
cmp_u32 (gconstpointer a,
         gconstpointer b)
{
  guint32 x = *(const guint32 *)a;
  guint32 y = *(const guint32 *)b;

  return x < y ? -1 : (x > y ? 1 : 0);
}

static void
sort_unique (GArray *a)
{
  guint out = 0;

  g_array_sort (a, cmp_u32);
  for (guint i = 0; i < a->len; i++)
    if (out == 0 || g_array_index (a, guint32, i) != g_array_index (a, guint32, out - 1))
      g_array_index (a, guint32, out++) = g_array_index (a, guint32, i);
  g_array_set_size (a, out);
}

/**
 * hp_kernel_sequences_table_new_empty:
 *
 * Returns: (transfer full): a `frequent_cuda_kernel_sequences` table with
 *   HTA's columns and no row, what HTA returns when no operator matches
 */
HpTable *
hp_kernel_sequences_table_new_empty (void)
{
  HpTable *t = hp_table_new (HP_KERNEL_SEQUENCES_TABLE, "Frequent CUDA kernel sequences");

  hp_table_add_column (t, "pattern", HP_COLUMN_STRING, NULL);
  hp_table_add_column (t, "count", HP_COLUMN_INT, NULL);
  hp_table_add_column (t, "GPU kernel duration (us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (t, "CPU op duration (us)", HP_COLUMN_DOUBLE, "us");
  return t;
}

static HpTable *
patterns_table (GPtrArray *patterns)
{
  HpTable *t = hp_kernel_sequences_table_new_empty ();

  for (guint i = 0; i < patterns->len; i++)
    {
      const HpKernelPattern *p = g_ptr_array_index (patterns, i);
      guint                  row = hp_table_append_row (t);

      hp_table_set_string (t, row, 0, p->text);
      hp_table_set_int (t, row, 1, p->count);
      hp_table_set_double (t, row, 2, hp_ns_to_us (p->gpu_ns));
      hp_table_set_double (t, row, 3, hp_ns_to_us (p->cpu_ns));
    }
  return t;
}

/**
 * hp_kernel_sequences_find:
 * @trace: a trace
 * @rank: one of its ranks
 * @operator_name: a part of the operator names to look for
 * @min_pattern_len: the least number of kernels under an operator
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * HTA's `get_frequent_cuda_kernel_sequences` (docs/analyses.md §9.1, §9.2):
 * builds the rank's call graph, takes the shallowest operators whose name
 * contains @operator_name and that launch at least @min_pattern_len
 * kernels, and counts the kernel sequences under them.
 *
 * Unlike HTA it does not abort on ns-resolution traces (zero and negative
 * durations at one time are put in a total order) nor on string GPU tids,
 * and in the default mode every kernel of a CUDA graph launch and the
 * stream-0 kernels of ROCm count.
 *
 * Returns: (transfer full): the patterns, or %NULL with
 *   %HP_ANALYSIS_ERROR_INVALID_PARAMETER (empty name) or
 *   %HP_ANALYSIS_ERROR_NO_DATA (no pattern)
 */
HpKernelSequences *
hp_kernel_sequences_find (HpTrace      *trace,
                          const HpRank *rank,
                          const char   *operator_name,
                          guint         min_pattern_len,
                          GCancellable *cancellable,
                          GError      **error)
{
  HpCallGraph        g;
  guint              n_strings;
  g_autofree guint8 *match = NULL;
  g_autoptr (GArray) candidates = NULL;
  g_autoptr (GArray) desc = NULL;
  g_autoptr (GArray) kernels = NULL;
  g_autoptr (GHashTable) by_key = NULL;
  g_autoptr (GPtrArray) patterns = NULL;
  g_autoptr (GString) key = NULL;
  gint32             min_depth = G_MAXINT32;
  HpKernelSequences *self;

  g_return_val_if_fail (trace != NULL && rank != NULL, NULL);

  if (operator_name == NULL || operator_name[0] == '\0')
    {
      g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER,
                   "the operator name is empty");
      return NULL;
    }
  if (!_hp_call_graph_build (&g, trace, rank, cancellable, error))
    {
      _hp_call_graph_clear (&g);
      return NULL;
    }

  /* docs/analyses.md §9.2 steps 1 and 2 */
  n_strings = hp_trace_get_n_strings (trace);
  match = g_new0 (guint8, MAX (n_strings, 1)); /* 0 unknown, 1 no, 2 yes */
  candidates = g_array_new (FALSE, FALSE, sizeof (guint32));
  for (guint i = 0; i < rank->n_rows; i++)
    {
      guint32 e = rank->rows[i];
      guint32 name = rank->name[e];

      if (g.parent[e] == HP_CALL_GRAPH_NOT_A_NODE || name >= n_strings)
        continue;
      if (match[name] == 0)
        match[name] = _hp_call_graph_name_contains (trace, name, operator_name) ? 2 : 1;
      if (match[name] != 2)
        continue;
      g_array_append_val (candidates, e);
      min_depth = MIN (min_depth, g.depth[e]);
    }

  /* step 3 */
  by_key = g_hash_table_new (g_str_hash, g_str_equal);
  patterns = g_ptr_array_new_with_free_func (pattern_free);
  desc = g_array_new (FALSE, FALSE, sizeof (guint32));
  kernels = g_array_new (FALSE, FALSE, sizeof (guint32));
  key = g_string_new (NULL);
  for (guint i = 0; i < candidates->len; i++)
    {
      guint32          root = g_array_index (candidates, guint32, i);
      HpKernelPattern *p;

      if (hp_analysis_check_cancelled (cancellable, i, error))
        {
          _hp_call_graph_clear (&g);
          return NULL;
        }
      if (g.depth[root] != min_depth || g.num_kernels[root] < min_pattern_len)
        continue;
      g_array_set_size (desc, 0);
      g_array_set_size (kernels, 0);
      _hp_call_graph_descendants (&g, root, desc);
      for (guint k = 0; k < desc->len; k++)
        if (g.is_gpu[g_array_index (desc, guint32, k)])
          g_array_append_val (kernels, g_array_index (desc, guint32, k));
      g_array_sort_with_data (kernels, _hp_call_graph_cmp_by_ts, (gpointer)rank);

      g_string_assign (key, hp_trace_get_string (trace, rank->name[root]));
      for (guint k = 0; k < kernels->len; k++)
        {
          g_string_append_c (key, '|');
          g_string_append (key, hp_trace_get_string (trace, rank->name[g_array_index (kernels, guint32, k)]));
        }
      p = g_hash_table_lookup (by_key, key->str);
      if (p == NULL)
        {
          p = g_new0 (HpKernelPattern, 1);
          p->text = g_strdup (key->str);
          p->events = g_array_new (FALSE, FALSE, sizeof (guint32));
          p->roots = g_array_new (FALSE, FALSE, sizeof (guint32));
          g_ptr_array_add (patterns, p);
          g_hash_table_insert (by_key, p->text, p);
        }
      p->count++;
      p->gpu_ns += g.kernel_dur[root];
      p->cpu_ns += MAX (hp_rank_dur (rank, root), 0);
      g_array_append_vals (p->events, desc->data, desc->len);
      g_array_append_val (p->roots, root);
    }
  _hp_call_graph_clear (&g);

  /* steps 4 and 5 */
  if (patterns->len == 0)
    {
      g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA,
                   "%s: rank %d has no operator named like \"%s\" that launches %u or more "
                   "kernels",
                   rank->path, rank->rank, operator_name, min_pattern_len);
      return NULL;
    }
  for (guint i = 0; i < patterns->len; i++)
    sort_unique (((HpKernelPattern *)g_ptr_array_index (patterns, i))->events);
  g_ptr_array_sort (patterns, cmp_patterns);

  self = g_new0 (HpKernelSequences, 1);
  self->trace = hp_trace_ref (trace);
  self->rank = rank;
  self->patterns = g_steal_pointer (&patterns);
  self->table = patterns_table (self->patterns);
  return self;
}

/**
 * hp_kernel_sequences_get_table:
 *
 * Returns: (transfer none): `frequent_cuda_kernel_sequences`, every pattern,
 *   by count (descending) then pattern
 */
HpTable *
hp_kernel_sequences_get_table (HpKernelSequences *self)
{
  return self->table;
}

guint
hp_kernel_sequences_get_n_patterns (HpKernelSequences *self)
{
  return self->patterns->len;
}

/**
 * hp_kernel_sequences_get_occurrences:
 * @pattern: a row of the table
 * @n_events: (out): how many
 *
 * Returns: (array length=n_events) (transfer none): the events of all the
 *   pattern's occurrences (operators, nested calls, launches, kernels),
 *   ascending positions in the rank
 */
const guint32 *
hp_kernel_sequences_get_occurrences (HpKernelSequences *self,
                                     guint              pattern,
                                     guint             *n_events)
{
  const HpKernelPattern *p;

  g_return_val_if_fail (pattern < self->patterns->len, NULL);
  p = g_ptr_array_index (self->patterns, pattern);
  *n_events = p->events->len;
  return (const guint32 *)p->events->data;
}

/**
 * hp_kernel_sequences_get_roots:
 * @pattern: a row of the table
 * @n_roots: (out): how many
 *
 * Returns: (array length=n_roots) (transfer none): the operator of each
 *   occurrence
 */
const guint32 *
hp_kernel_sequences_get_roots (HpKernelSequences *self,
                               guint              pattern,
                               guint             *n_roots)
{
  const HpKernelPattern *p;

  g_return_val_if_fail (pattern < self->patterns->len, NULL);
  p = g_ptr_array_index (self->patterns, pattern);
  *n_roots = p->roots->len;
  return (const guint32 *)p->roots->data;
}

/**
 * hp_kernel_sequences_linked_events:
 * @pattern: a row of the table
 *
 * What the pattern's row stands for on the timeline: every event of all
 * its occurrences by start time, the first occurrence's operator in focus.
 *
 * Returns: (transfer full): the events
 */
HpLinkedEvents *
hp_kernel_sequences_linked_events (HpKernelSequences *self,
                                   guint              pattern)
{
  const HpKernelPattern *p;
  HpLinkedEvents        *linked;
  guint32                first;

  g_return_val_if_fail (pattern < self->patterns->len, NULL);
  p = g_ptr_array_index (self->patterns, pattern);
  first = g_array_index (p->roots, guint32, 0);
  linked = g_new0 (HpLinkedEvents, 1);
  linked->rank = self->rank->rank;
  linked->events = g_array_copy (p->events);
  g_array_sort_with_data (linked->events, _hp_call_graph_cmp_by_ts, (gpointer)self->rank);
  linked->focus = HP_LINKED_FOCUS_ONE;
  for (guint i = 0; i < linked->events->len; i++)
    if (g_array_index (linked->events, guint32, i) == first)
      linked->focus_index = i;
  linked->description = g_strdup_printf (ngettext ("%u occurrence of a pattern of %s on rank %d",
                                                   "%u occurrences of a pattern of %s on rank %d", p->roots->len),
                                         p->roots->len, hp_trace_get_string (self->trace, self->rank->name[first]),
                                         self->rank->rank);
  return linked;
}

typedef struct
{
  guint32 name;
  guint   count;
} Candidate;

static int
cmp_candidates (gconstpointer a,
                gconstpointer b,
                gpointer      data)
{
  const Candidate *x = a;
  const Candidate *y = b;

  if (x->count != y->count)
    return x->count > y->count ? -1 : 1;
  return strcmp (hp_trace_get_string (data, x->name), hp_trace_get_string (data, y->name));
}

/**
 * hp_kernel_sequences_operator_candidates:
 * @min_pattern_len: the least number of kernels
 *
 * The CPU operators of @rank that launch at least @min_pattern_len
 * kernels, for choosing an operator name.
 *
 * Returns: (transfer full) (element-type utf8): the names, most frequent
 *   first, or %NULL with @error
 */
GPtrArray *
hp_kernel_sequences_operator_candidates (HpTrace      *trace,
                                         const HpRank *rank,
                                         guint         min_pattern_len,
                                         GCancellable *cancellable,
                                         GError      **error)
{
  HpCallGraph g;
  g_autoptr (GHashTable) counts = g_hash_table_new (NULL, NULL);
  g_autoptr (GArray) list = g_array_new (FALSE, FALSE, sizeof (Candidate));
  GPtrArray     *out;
  GHashTableIter iter;
  gpointer       k, v;

  if (!_hp_call_graph_build (&g, trace, rank, cancellable, error))
    {
      _hp_call_graph_clear (&g);
      return NULL;
    }
  for (guint i = 0; i < rank->n_rows; i++)
    {
      guint32 e = rank->rows[i];

      if (g.parent[e] == HP_CALL_GRAPH_NOT_A_NODE || g.is_gpu[e] || rank->kind[e] != HP_EVENT_KIND_CPU_OP ||
          g.num_kernels[e] < min_pattern_len)
        continue;
      k = GUINT_TO_POINTER (rank->name[e] + 1);
      g_hash_table_insert (counts, k,
                           GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (counts, k)) + 1));
    }
  _hp_call_graph_clear (&g);

  g_hash_table_iter_init (&iter, counts);
  while (g_hash_table_iter_next (&iter, &k, &v))
    {
      Candidate c = { GPOINTER_TO_UINT (k) - 1, GPOINTER_TO_UINT (v) };

      g_array_append_val (list, c);
    }
  g_array_sort_with_data (list, cmp_candidates, trace);
  out = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < list->len; i++)
    g_ptr_array_add (out, g_strdup (hp_trace_get_string (trace, g_array_index (list, Candidate, i).name)));
  return out;
}
