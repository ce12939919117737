/* hp-compare-communication.c — the runs' communication side by side: per rank and step, and the collectives' kernels.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "hp-classify.h"
#include "hp-compare.h"
#include "hp-core-private.h"
#include "hp-rank-access.h"
#include "hp-step-figures.h"

/**
 * hp_compare_communication:
 *
 * Communication per rank and step, of the work the steps launched (hp_step_figures_compute()):
 * the communication kernels' time, the part no computation overlaps
 * (exposed), and their shares of the GPU's busy time.
 *
 * Returns: (transfer full): `compare_communication` rows of one run
 */
HpTable *
hp_compare_communication (HpTrace    *trace,
                          const char *label)
{
  HpTable *table = hp_table_new (HP_COMPARE_COMMUNICATION_TABLE, "Communication per run, rank and step");

  hp_table_add_column (table, "label", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "steps", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "busy_per_step(us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "communication_per_step(us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "exposed_communication_per_step(us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "communication_pctg", HP_COLUMN_DOUBLE, "%");
  hp_table_add_column (table, "exposed_communication_pctg", HP_COLUMN_DOUBLE, "%");
  for (guint p = 0; p < hp_trace_get_n_ranks (trace); p++)
    {
      HpStepFigures f;
      guint         row = hp_table_append_row (table);

      _hp_trace_step_figures (trace, p, &f);
      hp_table_set_string (table, row, 0, label);
      hp_table_set_int (table, row, 1, f.rank);
      hp_table_set_int (table, row, 2, f.has_steps ? f.n_windows : 0);
      hp_table_set_double (table, row, 3, f.busy / f.n_windows);
      hp_table_set_double (table, row, 4, f.comm / f.n_windows);
      hp_table_set_double (table, row, 5, f.exposed / f.n_windows);
      hp_table_set_double (table, row, 6, f.busy > 0 ? hp_round_half_even (100.0 * f.comm / f.busy, 2) : NAN);
      hp_table_set_double (table, row, 7, f.busy > 0 ? hp_round_half_even (100.0 * f.exposed / f.busy, 2) : NAN);
    }
  return table;
}

typedef struct
{
  char  *name;
  gint64 count;
  gint64 dur_ns;
} Collective;

static void
collective_free (gpointer data)
{
  Collective *c = data;

  g_free (c->name);
  g_free (c);
}

static int
cmp_collectives (gconstpointer a,
                 gconstpointer b)
{
  const Collective *x = *(Collective *const *)a;
  const Collective *y = *(Collective *const *)b;

  if (x->dur_ns != y->dur_ns)
    return x->dur_ns > y->dur_ns ? -1 : 1;
  return strcmp (x->name, y->name);
}

static void
comm_kernel_sum_clear (gpointer data)
{
  g_free (((HpCommKernelSum *)data)->name);
}

/**
 * _hp_comm_kernel_sums:
 * @trace: the trace the rank belongs to
 * @r: a rank
 *
 * The rank's communication kernels by name (what precedes a parenthesis),
 * in the order they first ran: how many ran and their time.
 *
 * Returns: (transfer full): an array of #HpCommKernelSum
 */
GArray *
_hp_comm_kernel_sums (HpTrace      *trace,
                      const HpRank *r)
{
  GArray *out = g_array_new (FALSE, TRUE, sizeof (HpCommKernelSum));
  g_autoptr (GHashTable) index = g_hash_table_new (g_str_hash, g_str_equal);

  g_array_set_clear_func (out, comm_kernel_sum_clear);
  for (guint k = 0; k < r->n_rows; k++)
    {
      guint            e = r->rows[k];
      const char      *name;
      const char      *paren;
      g_autofree char *key = NULL;
      gpointer         at;

      if (!hp_rank_is_gpu_activity (r, e) || hp_rank_get_kernel_class (r, e) != HP_KERNEL_CLASS_COMMUNICATION ||
          (r->flags[e] & HP_EVENT_POISONED))
        continue;
      name = hp_trace_get_string (trace, r->name[e]);
      paren = strchr (name, '(');
      key = paren != NULL && paren > name ? g_strndup (name, (gsize)(paren - name)) : g_strdup (name);
      if (!g_hash_table_lookup_extended (index, key, NULL, &at))
        {
          HpCommKernelSum sum = { g_strdup (key), 0, 0 };

          g_array_append_val (out, sum);
          at = GUINT_TO_POINTER (out->len);
          g_hash_table_insert (index, g_array_index (out, HpCommKernelSum, out->len - 1).name, at);
        }
      g_array_index (out, HpCommKernelSum, GPOINTER_TO_UINT (at) - 1).count++;
      g_array_index (out, HpCommKernelSum, GPOINTER_TO_UINT (at) - 1).dur_ns += hp_rank_get_event_duration (r, e);
    }
  return out;
}

/* _hp_comm_kernel_sums() of the rank at @position, or what its summary
 * recorded for a job opened from summaries */
GArray *
_hp_trace_comm_kernel_sums (HpTrace *trace,
                            guint    position)
{
  const HpTraceSummaryHooks *hooks = _hp_trace_get_summary_hooks (trace);

  if (hooks != NULL && hooks->comm_kernel_sums != NULL)
    return hooks->comm_kernel_sums (trace, position);
  return _hp_comm_kernel_sums (trace, hp_trace_get_rank (trace, position));
}

/**
 * hp_compare_collectives:
 * @top: the most costly kernels kept
 *
 * The run's communication kernels by name (up to the argument list), over
 * every rank: their count, time and share of the run's communication
 * time, the most costly first.
 *
 * Returns: (transfer full): `compare_collectives` rows of one run
 */
HpTable *
hp_compare_collectives (HpTrace    *trace,
                        const char *label,
                        guint       top)
{
  HpTable *table = hp_table_new (HP_COMPARE_COLLECTIVES_TABLE, "Communication kernels per run");
  g_autoptr (GHashTable) index = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GPtrArray) list = g_ptr_array_new_with_free_func (collective_free);
  gint64 total = 0;

  hp_table_add_column (table, "label", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "kernel", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "count", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "time(us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "share_pctg", HP_COLUMN_DOUBLE, "%");
  for (guint p = 0; p < hp_trace_get_n_ranks (trace); p++)
    {
      g_autoptr (GArray) sums = _hp_trace_comm_kernel_sums (trace, p);

      for (guint k = 0; k < sums->len; k++)
        {
          const HpCommKernelSum *sum = &g_array_index (sums, HpCommKernelSum, k);
          Collective            *c = g_hash_table_lookup (index, sum->name);

          if (c == NULL)
            {
              c = g_new0 (Collective, 1);
              c->name = g_strdup (sum->name);
              g_hash_table_insert (index, c->name, c);
              g_ptr_array_add (list, c);
            }
          c->count += sum->count;
          c->dur_ns += sum->dur_ns;
          total += sum->dur_ns;
        }
    }
  g_ptr_array_sort (list, cmp_collectives);
  for (guint i = 0; i < list->len && i < top; i++)
    {
      const Collective *c = list->pdata[i];
      guint             row = hp_table_append_row (table);

      hp_table_set_string (table, row, 0, label);
      hp_table_set_string (table, row, 1, c->name);
      hp_table_set_int (table, row, 2, c->count);
      hp_table_set_double (table, row, 3, hp_ns_to_us (c->dur_ns));
      hp_table_set_double (table, row, 4,
                           total > 0 ? hp_round_half_even (100.0 * (double)c->dur_ns / (double)total, 2) : NAN);
    }
  return table;
}
