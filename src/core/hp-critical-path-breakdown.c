/* hp-critical-path-breakdown.c — the breakdown and the summary of a critical path (docs/analyses.md §12.5).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "hp-classify.h"
#include "hp-critical-path-private.h"

static const char *const edge_type_names[HP_CP_N_EDGE_TYPES] = {
  "critical_path_operator",
  "critical_path_dependency",
  "critical_path_kernel_launch_delay",
  "critical_path_kernel_kernel_delay",
  "critical_path_sync_dependency",
  "critical_path_cross_rank",
};

/**
 * hp_cp_edge_type_to_string:
 * @type: an #HpCpEdgeType
 *
 * Returns: HTA's name of the edge type, as the breakdown's `type` column
 *   shows it
 */
const char *
hp_cp_edge_type_to_string (HpCpEdgeType type)
{
  g_return_val_if_fail (type < HP_CP_N_EDGE_TYPES, NULL);
  return edge_type_names[type];
}

/* ---------------------------------------------------------------------------
 * Breakdown and summary (§12.5)
 * ------------------------------------------------------------------------- */

static char *
short_name (HpCriticalPath *self,
            guint           event)
{
  guint32 name = self->rank->name[event];

  return hp_shorten_name (name == HP_NO_STRING ? "" : hp_trace_get_string (self->trace, name));
}

/**
 * hp_critical_path_edge_bound_by:
 * @self: a critical path
 * @edge: one of its edges
 *
 * Returns: HTA's `bound_by` of the edge: `cpu_bound`, `data_loading`,
 *   `gpu_compute_bound`, `gpu_communication_bound`,
 *   `gpu_kernel_kernel_overhead`, `gpu_kernel_launch_overhead`, or "" for
 *   dependencies
 */
const char *
hp_critical_path_edge_bound_by (HpCriticalPath *self,
                                const HpCpEdge *edge)
{
  const HpRank    *r = self->rank;
  g_autofree char *name = NULL;
  guint            e;

  switch (edge->type)
    {
    case HP_CP_EDGE_KERNEL_KERNEL:
      return "gpu_kernel_kernel_overhead";
    case HP_CP_EDGE_LAUNCH_DELAY:
      return "gpu_kernel_launch_overhead";
    case HP_CP_EDGE_OPERATOR:
      break;
    default:
      return "";
    }
  if (edge->attribution < 0)
    return self->compat ? "gpu_compute_bound" : "cpu_bound";
  e = (guint)edge->attribution;
  name = short_name (self, e);
  if (self->compat ? hp_rank_stream (r, e) < 0 : !((r->flags[e] & HP_EVENT_G1) || r->kind[e] == HP_EVENT_KIND_SYNC))
    {
      if (self->data_load_regex != NULL)
        for (guint i = 0; self->data_load_regex[i] != NULL; i++)
          if (g_regex_match (self->data_load_regex[i], name, 0, NULL))
            return "data_loading";
      return "cpu_bound";
    }
  if (self->compat ? hp_kernel_class_hta (name) == HP_KERNEL_CLASS_COMMUNICATION
                   : r->kclass[e] == HP_KERNEL_CLASS_COMMUNICATION)
    return "gpu_communication_bound";
  return "gpu_compute_bound";
}

typedef struct
{
  gint64  event_idx; /* HTA's index, or -1 */
  gint64  duration;
  guint8  type;
  guint32 edge;
} BreakdownRow;

static int
cmp_breakdown_row (gconstpointer a,
                   gconstpointer b)
{
  const BreakdownRow *x = a;
  const BreakdownRow *y = b;
  int                 c;

  /* the golden files' order: (event_idx, type, duration), null first */
  if (x->event_idx != y->event_idx)
    return x->event_idx < y->event_idx ? -1 : 1;
  c = strcmp (edge_type_names[x->type], edge_type_names[y->type]);
  if (c != 0)
    return c;
  return x->duration < y->duration ? -1 : x->duration > y->duration;
}

/**
 * hp_critical_path_breakdown:
 * @self: a critical path
 *
 * One row per edge of the path with HTA's columns `event_idx, duration,
 * type, s_name, cat, pid, tid, stream, index, bound_by` (durations in us).
 * Rows are in path order; in HTA-compatibility mode in the order of the
 * golden files, (event_idx, type, duration).
 *
 * Returns: (transfer full): the table `critical_path_breakdown`
 */
HpTable *
hp_critical_path_breakdown (HpCriticalPath *self)
{
  const HpRank            *r = self->rank;
  HpTable                 *table = hp_table_new ("critical_path_breakdown", _ ("Critical path breakdown"));
  guint                    c_idx, c_dur, c_type, c_name, c_cat, c_pid, c_tid, c_stream, c_index, c_bound;
  guint                    n = self->path_edges->len;
  g_autofree BreakdownRow *rows = g_new (BreakdownRow, MAX (n, 1));

  c_idx = hp_table_add_column (table, "event_idx", HP_COLUMN_INT, NULL);
  c_dur = hp_table_add_column (table, "duration", HP_COLUMN_DOUBLE, "us");
  c_type = hp_table_add_column (table, "type", HP_COLUMN_STRING, NULL);
  c_name = hp_table_add_column (table, "s_name", HP_COLUMN_STRING, NULL);
  c_cat = hp_table_add_column (table, "cat", HP_COLUMN_STRING, NULL);
  c_pid = hp_table_add_column (table, "pid", HP_COLUMN_INT, NULL);
  c_tid = hp_table_add_column (table, "tid", HP_COLUMN_INT, NULL);
  c_stream = hp_table_add_column (table, "stream", HP_COLUMN_INT, NULL);
  c_index = hp_table_add_column (table, "index", HP_COLUMN_INT, NULL);
  c_bound = hp_table_add_column (table, "bound_by", HP_COLUMN_STRING, NULL);

  for (guint i = 0; i < n; i++)
    {
      guint32         id = g_array_index (self->path_edges, guint32, i);
      const HpCpEdge *e = &g_array_index (self->edges, HpCpEdge, id);

      rows[i] = (BreakdownRow){ e->attribution >= 0 ? (gint64)r->index[e->attribution] : -1, e->weight, e->type, id };
    }
  if (self->compat)
    qsort (rows, n, sizeof *rows, cmp_breakdown_row);

  hp_table_append_rows (table, n);
  for (guint i = 0; i < n; i++)
    {
      const HpCpEdge *e = &g_array_index (self->edges, HpCpEdge, rows[i].edge);

      hp_table_set_double (table, i, c_dur, hp_ns_to_us (e->weight));
      hp_table_set_string (table, i, c_type, edge_type_names[e->type]);
      hp_table_set_string (table, i, c_bound, hp_critical_path_edge_bound_by (self, e));
      if (e->attribution >= 0)
        {
          guint            ev = (guint)e->attribution;
          g_autofree char *name = short_name (self, ev);

          hp_table_set_int (table, i, c_idx, r->index[ev]);
          hp_table_set_string (table, i, c_name, name);
          if (r->cat[ev] != HP_NO_STRING)
            hp_table_set_string (table, i, c_cat, hp_trace_get_string (self->trace, r->cat[ev]));
          else
            hp_table_set_null (table, i, c_cat);
          hp_table_set_int (table, i, c_pid, hp_rank_pid (r, ev));
          hp_table_set_int (table, i, c_tid, hp_rank_tid (r, ev));
          hp_table_set_int (table, i, c_stream, hp_rank_stream (r, ev));
          hp_table_set_int (table, i, c_index, r->index[ev]);
        }
      else
        {
          guint cols[] = { c_idx, c_name, c_cat, c_pid, c_tid, c_stream, c_index };

          for (guint j = 0; j < G_N_ELEMENTS (cols); j++)
            hp_table_set_null (table, i, cols[j]);
        }
    }
  return table;
}

/**
 * hp_critical_path_summary:
 * @self: a critical path
 *
 * The share of the path's duration per `bound_by` (sorted, the empty group
 * of dependencies included), as HTA's `summary()`.
 *
 * Returns: (transfer full): the table `critical_path_summary` with columns
 *   `bound_by, pct_of_path_duration`
 */
HpTable *
hp_critical_path_summary (HpCriticalPath *self)
{
  HpTable *table = hp_table_new ("critical_path_summary", _ ("Critical path summary"));
  guint    c_bound = hp_table_add_column (table, "bound_by", HP_COLUMN_STRING, NULL);
  guint    c_pct = hp_table_add_column (table, "pct_of_path_duration", HP_COLUMN_DOUBLE, "%");
  g_autoptr (GHashTable) sums = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree gint64 *values = NULL;
  g_autoptr (GPtrArray) keys = g_ptr_array_new ();
  gint64 total = 0;

  {
    g_autofree char *note = g_strdup_printf (_ ("Rank %d, %s"), self->rank->rank, self->region);

    hp_table_set_note (table, note);
  }
  values = g_new0 (gint64, self->path_edges->len + 1);
  for (guint i = 0; i < self->path_edges->len; i++)
    {
      const HpCpEdge *e = &g_array_index (self->edges, HpCpEdge, g_array_index (self->path_edges, guint32, i));
      const char     *bound = hp_critical_path_edge_bound_by (self, e);
      gpointer        slot;

      if (!g_hash_table_lookup_extended (sums, bound, NULL, &slot))
        {
          slot = GUINT_TO_POINTER (keys->len);
          g_hash_table_insert (sums, (gpointer)bound, slot);
          g_ptr_array_add (keys, (gpointer)bound);
        }
      values[GPOINTER_TO_UINT (slot)] += e->weight;
      total += e->weight;
    }

  {
    g_autofree guint *order = g_new (guint, keys->len + 1);

    for (guint i = 0; i < keys->len; i++)
      order[i] = i;
    for (guint i = 1; i < keys->len; i++)
      for (guint j = i; j > 0 && strcmp (keys->pdata[order[j - 1]], keys->pdata[order[j]]) > 0; j--)
        {
          guint t = order[j];

          order[j] = order[j - 1];
          order[j - 1] = t;
        }
    hp_table_append_rows (table, keys->len);
    for (guint i = 0; i < keys->len; i++)
      {
        hp_table_set_string (table, i, c_bound, keys->pdata[order[i]]);
        hp_table_set_double (table, i, c_pct, total != 0 ? 100.0 * (double)values[order[i]] / (double)total : NAN);
      }
  }
  return table;
}
