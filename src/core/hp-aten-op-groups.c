/* hp-aten-op-groups.c — the op instances and (op, kernel sequence) groups of the ATen-op delay table.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-aten-op-groups-private.h"

/* An op instance (docs/analyses.md §7 step 4): its key, its kernel sequence so far
 * (a node of the sequence trie) and its first record's delays (ns). */
typedef struct
{
  gint64  tid;
  gint64  op_ts;
  gint64  aten_delay;
  gint64  runtime_delay;
  guint32 op_name;
  guint32 sequence;
} Instance;

/* a kernel sequence: its last kernel after the sequence @parent; node 0 is
 * the empty sequence */
typedef struct
{
  guint32 parent;
  guint32 kernel;
} SeqNode;

/* the instances of one (op name, kernel sequence) (step 5) */
typedef struct
{
  guint32 op_name;
  guint32 sequence;
  gint64  count;
  gint64  sum_aten_delay;
  gint64  sum_runtime_delay;
} Cluster;

/* open addressing over indices into an array: slot = index + 1, 0 empty */
typedef struct
{
  guint32 *slots;
  gsize    mask;
  gsize    used;
} IndexMap;

struct _HpAtenGroups
{
  GArray  *instances; /* Instance */
  GArray  *nodes;     /* SeqNode */
  GArray  *clusters;  /* Cluster */
  IndexMap instance_map;
  IndexMap node_map;
  IndexMap cluster_map;
  Instance probe_instance;
  SeqNode  probe_node;
  Cluster  probe_cluster;
};

/* one output row (steps 5-6) */
typedef struct
{
  const char *op_name;
  char       *sequence;
  gint64      count;
  double      avg_aten_delay;
  double      avg_runtime_delay;
} OutRow;

static void
out_row_clear (gpointer p)
{
  OutRow *row = p;

  g_free (row->sequence);
}

static guint64
mix (guint64 h,
     guint64 v)
{
  h ^= v + G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) + (h << 6) + (h >> 2);
  h ^= h >> 33;
  h *= G_GUINT64_CONSTANT (0xff51afd7ed558ccd);
  h ^= h >> 33;
  return h;
}

typedef gboolean (*IndexEqual) (const HpAtenGroups *g,
                                guint32             index);
typedef guint64 (*IndexHash) (const HpAtenGroups *g,
                              guint32             index);

static void
index_map_init (IndexMap *m)
{
  m->mask = 255;
  m->slots = g_new0 (guint32, m->mask + 1);
  m->used = 0;
}

/* the slot holding the entry equal to the probe, or the empty slot where it
 * goes */
static guint32 *
index_map_slot (const IndexMap     *m,
                const HpAtenGroups *g,
                guint64             hash,
                IndexEqual          equal)
{
  gsize i = hash & m->mask;

  while (m->slots[i] != 0 && !equal (g, m->slots[i] - 1))
    i = (i + 1) & m->mask;
  return &m->slots[i];
}

static void
index_map_insert (IndexMap           *m,
                  const HpAtenGroups *g,
                  guint32            *slot,
                  guint32             index,
                  IndexHash           hash)
{
  g_autofree guint32 *old = NULL;
  gsize               old_size = m->mask + 1;

  *slot = index + 1;
  if (++m->used * 2 <= old_size)
    return;
  old = m->slots;
  m->mask = old_size * 2 - 1;
  m->slots = g_new0 (guint32, m->mask + 1);
  for (gsize i = 0; i < old_size; i++)
    if (old[i] != 0)
      {
        gsize j = hash (g, old[i] - 1) & m->mask;

        while (m->slots[j] != 0)
          j = (j + 1) & m->mask;
        m->slots[j] = old[i];
      }
}

static guint64
instance_key_hash (const Instance *x)
{
  return mix (mix (mix (0, (guint64)x->tid), x->op_name), (guint64)x->op_ts);
}

static guint64
instance_hash (const HpAtenGroups *g,
               guint32             index)
{
  return instance_key_hash (&g_array_index (g->instances, Instance, index));
}

static gboolean
instance_equal (const HpAtenGroups *g,
                guint32             index)
{
  const Instance *x = &g_array_index (g->instances, Instance, index);
  const Instance *y = &g->probe_instance;

  return x->tid == y->tid && x->op_name == y->op_name && x->op_ts == y->op_ts;
}

static guint64
node_key_hash (const SeqNode *x)
{
  return mix (mix (1, x->parent), x->kernel);
}

static guint64
node_hash (const HpAtenGroups *g,
           guint32             index)
{
  return node_key_hash (&g_array_index (g->nodes, SeqNode, index));
}

static gboolean
node_equal (const HpAtenGroups *g,
            guint32             index)
{
  const SeqNode *x = &g_array_index (g->nodes, SeqNode, index);

  return x->parent == g->probe_node.parent && x->kernel == g->probe_node.kernel;
}

static guint64
cluster_key_hash (const Cluster *x)
{
  return mix (mix (2, x->op_name), x->sequence);
}

static guint64
cluster_hash (const HpAtenGroups *g,
              guint32             index)
{
  return cluster_key_hash (&g_array_index (g->clusters, Cluster, index));
}

static gboolean
cluster_equal (const HpAtenGroups *g,
               guint32             index)
{
  const Cluster *x = &g_array_index (g->clusters, Cluster, index);

  return x->op_name == g->probe_cluster.op_name && x->sequence == g->probe_cluster.sequence;
}

/**
 * _hp_aten_groups_new:
 *
 * Returns: (transfer full): empty groups, for _hp_aten_groups_add()
 */
HpAtenGroups *
_hp_aten_groups_new (void)
{
  HpAtenGroups *g = g_new0 (HpAtenGroups, 1);
  SeqNode       empty = { 0, HP_NO_STRING };

  g->instances = g_array_new (FALSE, FALSE, sizeof (Instance));
  g->nodes = g_array_new (FALSE, FALSE, sizeof (SeqNode));
  g->clusters = g_array_new (FALSE, FALSE, sizeof (Cluster));
  g_array_append_val (g->nodes, empty);
  index_map_init (&g->instance_map);
  index_map_init (&g->node_map);
  index_map_init (&g->cluster_map);
  return g;
}

void
_hp_aten_groups_free (HpAtenGroups *g)
{
  g_array_unref (g->instances);
  g_array_unref (g->nodes);
  g_array_unref (g->clusters);
  g_free (g->instance_map.slots);
  g_free (g->node_map.slots);
  g_free (g->cluster_map.slots);
  g_free (g);
}

/* the sequence @parent followed by @kernel */
static guint32
groups_extend (HpAtenGroups *g,
               guint32       parent,
               guint32       kernel)
{
  guint32 *slot;

  g->probe_node = (SeqNode){ parent, kernel };
  slot = index_map_slot (&g->node_map, g, node_key_hash (&g->probe_node), node_equal);
  if (*slot != 0)
    return *slot - 1;
  g_array_append_val (g->nodes, g->probe_node);
  index_map_insert (&g->node_map, g, slot, g->nodes->len - 1, node_hash);
  return g->nodes->len - 1;
}

/* adds (@sign 1) or removes (-1) @inst from its (op name, sequence) */
static void
groups_count (HpAtenGroups   *g,
              const Instance *inst,
              int             sign)
{
  guint32 *slot;
  guint32  index;
  Cluster *c;

  g->probe_cluster = (Cluster){ inst->op_name, inst->sequence, 0, 0, 0 };
  slot = index_map_slot (&g->cluster_map, g, cluster_key_hash (&g->probe_cluster), cluster_equal);
  index = *slot - 1;
  if (*slot == 0)
    {
      /* the insert may move the slots: @slot is stale after it */
      g_array_append_val (g->clusters, g->probe_cluster);
      index = g->clusters->len - 1;
      index_map_insert (&g->cluster_map, g, slot, index, cluster_hash);
    }
  c = &g_array_index (g->clusters, Cluster, index);
  c->count += sign;
  c->sum_aten_delay += sign * inst->aten_delay;
  c->sum_runtime_delay += sign * inst->runtime_delay;
}

/**
 * _hp_aten_groups_add:
 * @g: the groups
 * @tid: the op's thread
 * @op_name: the op's name (string id)
 * @op_ts: the op's start
 * @kernel_name: the launched kernel's name (string id)
 * @aten_delay_ns: launch start − op start
 * @runtime_delay_ns: kernel start − launch start
 *
 * Adds one record of docs/analyses.md §7 step 3; records must come in list order. The
 * op instance (@tid, @op_name, @op_ts) grows by one kernel; an instance's
 * delays are those of its first record (step 4).
 */
void
_hp_aten_groups_add (HpAtenGroups *g,
                     gint64        tid,
                     guint32       op_name,
                     gint64        op_ts,
                     guint32       kernel_name,
                     gint64        aten_delay_ns,
                     gint64        runtime_delay_ns)
{
  guint32  *slot;
  guint32   index;
  Instance *inst;

  g->probe_instance = (Instance){ tid, op_ts, aten_delay_ns, runtime_delay_ns, op_name, 0 };
  slot = index_map_slot (&g->instance_map, g, instance_key_hash (&g->probe_instance), instance_equal);
  index = *slot - 1;
  if (*slot == 0)
    {
      g_array_append_val (g->instances, g->probe_instance);
      index = g->instances->len - 1;
      index_map_insert (&g->instance_map, g, slot, index, instance_hash);
    }
  inst = &g_array_index (g->instances, Instance, index);
  if (inst->sequence != 0)
    groups_count (g, inst, -1);
  inst->sequence = groups_extend (g, inst->sequence, kernel_name);
  groups_count (g, inst, 1);
}

static gint
cmp_out_row (gconstpointer a,
             gconstpointer b)
{
  const OutRow *x = a;
  const OutRow *y = b;
  int           c;

  if (x->count != y->count)
    return x->count > y->count ? -1 : 1;
  c = strcmp (x->op_name, y->op_name);
  if (c != 0)
    return c;
  return strcmp (x->sequence, y->sequence);
}

static double
mean_us (gint64 sum_ns,
         gint64 n)
{
  return hp_round_half_even ((double)sum_ns / 1000.0 / (double)n, 3);
}

/* kernel names of a sequence joined by " -> " */
static char *
sequence_text (HpTrace            *trace,
               const HpAtenGroups *g,
               guint32             sequence,
               GArray             *scratch)
{
  GString *text = g_string_new (NULL);

  g_array_set_size (scratch, 0);
  for (guint32 n = sequence; n != 0; n = g_array_index (g->nodes, SeqNode, n).parent)
    g_array_append_val (scratch, g_array_index (g->nodes, SeqNode, n).kernel);
  for (guint i = scratch->len; i > 0; i--)
    {
      if (i < scratch->len)
        g_string_append (text, " -> ");
      g_string_append (text, hp_trace_get_string (trace, g_array_index (scratch, guint32, i - 1)));
    }
  return g_string_free (text, FALSE);
}

/**
 * _hp_aten_groups_append_rows:
 * @g: the groups
 * @trace: the trace whose string ids the groups hold
 * @rank: the value of the `rank` column
 * @table: an `aten_op_kernels_and_delay` table
 *
 * Spec §7 steps 5-6: appends one row per (op name, kernel sequence) with
 * the number of op instances and their mean first delays (us, rounded to 3
 * decimals), sorted by occurrence_count descending, op name and sequence.
 */
void
_hp_aten_groups_append_rows (HpAtenGroups *g,
                             HpTrace      *trace,
                             int           rank,
                             HpTable      *table)
{
  g_autoptr (GArray) out = g_array_new (FALSE, FALSE, sizeof (OutRow));
  g_autoptr (GArray) scratch = g_array_new (FALSE, FALSE, sizeof (guint32));

  g_array_set_clear_func (out, out_row_clear);

  for (guint i = 0; i < g->clusters->len; i++)
    {
      const Cluster *c = &g_array_index (g->clusters, Cluster, i);
      OutRow         row;

      if (c->count == 0)
        continue;
      row.op_name = hp_trace_get_string (trace, c->op_name);
      row.sequence = sequence_text (trace, g, c->sequence, scratch);
      row.count = c->count;
      row.avg_aten_delay = mean_us (c->sum_aten_delay, c->count);
      row.avg_runtime_delay = mean_us (c->sum_runtime_delay, c->count);
      g_array_append_val (out, row);
    }

  /* HTA sorts by occurrence_count alone, with an unstable sort; we break
   * ties by op name, then kernel sequence */
  g_array_sort (out, cmp_out_row);

  for (guint i = 0; i < out->len; i++)
    {
      const OutRow *o = &g_array_index (out, OutRow, i);
      guint         row = hp_table_append_row (table);

      hp_table_set_int (table, row, HP_ATEN_COL_RANK, rank);
      hp_table_set_string (table, row, HP_ATEN_COL_ATEN_OP_NAME, o->op_name);
      hp_table_set_string (table, row, HP_ATEN_COL_KERNEL_SEQUENCE, o->sequence);
      hp_table_set_int (table, row, HP_ATEN_COL_OCCURRENCE_COUNT, o->count);
      hp_table_set_double (table, row, HP_ATEN_COL_AVG_ATEN_OP_LAUNCH_DELAY, o->avg_aten_delay);
      hp_table_set_double (table, row, HP_ATEN_COL_AVG_RUNTIME_DELAY, o->avg_runtime_delay);
    }
}
