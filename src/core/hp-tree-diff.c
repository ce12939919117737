/* hp-tree-diff.c — two runs' call trees aligned, changes reported where they happen.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hp-classify.h"
#include "hp-compare.h"
#include "hp-summary.h"
#include "hp-trace-diff-private.h"
#include "hp-tree-diff.h"

#define PATH_SEPARATOR " > "

/* a timing change counts when it is this large (and over 1 us) */
#define TIMING_CHANGE_PCT 5.0

/* one node of a run's call tree: a path of names from a root */
typedef struct
{
  gint32   parent; /* node, or -1 */
  guint32  name;   /* string id */
  gint64   count;
  gint64   dur_ns;
  gint64   kernels; /* GPU events in the subtree */
  gboolean runtime; /* a runtime call (cuda_runtime, Runtime…) */
} Node;

typedef struct
{
  HpTrace      *trace;
  const HpRank *rank;
  gboolean      compat;
  GArray       *nodes;      /* Node */
  GHashTable   *index;      /* (parent + 1) << 32 | name -> node + 1 */
  gint32       *event_node; /* per event, -2 = not yet */
} Tree;

static gboolean
skipped (const HpRank *r,
         guint         event)
{
  /* Python frames would bury the ops under the interpreter's stack */
  return r->kind[event] == HP_EVENT_KIND_PYTHON || r->kind[event] == HP_EVENT_KIND_INSTANT ||
         !(r->flags[event] & HP_EVENT_MEASURED);
}

static gboolean
is_gpu (const HpRank *r,
        guint         event)
{
  return (r->flags[event] & HP_EVENT_G1) || hp_event_kind_is_gpu_activity (r->kind[event]);
}

/* the event a node hangs from: the enclosing host event, or for GPU work
 * the launch. GPU activity on a host lane (a malformed trace) is never a
 * host event's parent: a kernel and its launch with the same times on one
 * lane nest each in the other, and the launch must not hang from its own
 * kernel. So a chain of tree parents takes at most one step from a kernel
 * to its launch, then climbs the lane's nesting, which has no cycle, and
 * never from a host event back to GPU work. */
static gint32
tree_parent (const HpRank *r,
             guint         event)
{
  gint32   p;
  gboolean host = !is_gpu (r, event);

  if ((r->flags[event] & HP_EVENT_G1) && r->partner[event] >= 0 && !is_gpu (r, (guint)r->partner[event]))
    {
      p = r->partner[event];
      host = TRUE;
    }
  else
    p = r->parent[event];
  while (p >= 0 && (skipped (r, (guint)p) || (host && is_gpu (r, (guint)p))))
    p = r->parent[p];
  return p;
}

static guint32
node_name (Tree *tree,
           guint event)
{
  guint32 name = tree->rank->name[event];

  /* steps match whatever their numbers (default mode) */
  if (!tree->compat && (tree->rank->flags[event] & HP_EVENT_STEP))
    {
      guint32 step = hp_trace_lookup_string (tree->trace, "ProfilerStep");

      if (step != HP_NO_STRING)
        return step;
      return G_MAXUINT32 - 1;
    }
  return name;
}

#define NODE_UNSET (-2)
#define NODE_PENDING (-3)

/* the node of @event, and of every tree parent above it that has none yet:
 * climbed with an explicit stack, then numbered from the top down, so a
 * call stack of any depth costs no C stack; a chain that met itself (never,
 * by tree_parent()) would end at a root */
static gint32
node_of (Tree   *tree,
         guint   event,
         GArray *chain)
{
  gint32 parent_node = -1;

  g_array_set_size (chain, 0);
  for (gint32 e = (gint32)event; e >= 0;)
    {
      if (tree->event_node[e] >= 0)
        {
          parent_node = tree->event_node[e];
          break;
        }
      if (tree->event_node[e] == NODE_PENDING)
        break;
      tree->event_node[e] = NODE_PENDING;
      g_array_append_val (chain, e);
      e = tree_parent (tree->rank, (guint)e);
    }
  for (guint k = chain->len; k-- > 0;)
    {
      gint32   e = g_array_index (chain, gint32, k);
      guint32  name = node_name (tree, (guint)e);
      guint64  key = ((guint64)(guint32)(parent_node + 1) << 32) | name;
      gpointer slot = g_hash_table_lookup (tree->index, &key);

      if (slot == NULL)
        {
          Node     fresh = { parent_node, name, 0, 0, 0, tree->rank->kind[e] == HP_EVENT_KIND_RUNTIME };
          guint64 *stored = g_new (guint64, 1);

          *stored = key;
          g_array_append_val (tree->nodes, fresh);
          slot = GUINT_TO_POINTER (tree->nodes->len);
          g_hash_table_insert (tree->index, stored, slot);
        }
      tree->event_node[e] = parent_node = (gint32)GPOINTER_TO_UINT (slot) - 1;
    }
  return parent_node;
}

static const char *
name_text (Tree   *tree,
           guint32 name)
{
  return name == G_MAXUINT32 - 1 ? "ProfilerStep" : hp_trace_get_string (tree->trace, name);
}

static gboolean
build_tree (Tree         *tree,
            HpTrace      *trace,
            int           rank,
            GArray       *iterations,
            GCancellable *cancellable,
            GError      **error)
{
  g_autoptr (GArray) its = NULL;
  g_autoptr (GArray) chain = g_array_new (FALSE, FALSE, sizeof (gint32));
  const HpRank *r;

  tree->trace = trace;
  tree->compat = hp_trace_get_mode (trace) == HP_MODE_HTA_COMPAT;
  r = _hp_trace_diff_select_rank (trace, rank, error);
  if (r == NULL)
    return FALSE;
  its = _hp_trace_diff_select_iterations (trace, iterations, error);
  if (its == NULL)
    return FALSE;
  tree->rank = r;
  tree->nodes = g_array_new (FALSE, FALSE, sizeof (Node));
  tree->index = g_hash_table_new_full (hp_int64_hash, hp_int64_equal, g_free, NULL);
  tree->event_node = g_new (gint32, MAX (r->n_events, 1));
  for (guint i = 0; i < r->n_events; i++)
    tree->event_node[i] = NODE_UNSET;

  for (guint i = 0; i < r->n_events; i++)
    {
      gint32 node;

      if (hp_analysis_check_cancelled (cancellable, i, error))
        return FALSE;
      if (skipped (r, i))
        continue;
      if (!_hp_trace_diff_event_selected (its, r, i))
        continue;
      node = node_of (tree, i, chain);
      g_array_index (tree->nodes, Node, node).count++;
      g_array_index (tree->nodes, Node, node).dur_ns += hp_rank_dur (r, i);
      if (r->flags[i] & HP_EVENT_G1)
        for (gint32 n = node; n >= 0; n = g_array_index (tree->nodes, Node, n).parent)
          g_array_index (tree->nodes, Node, n).kernels++;
    }
  return TRUE;
}

static void
tree_clear (Tree *tree)
{
  g_clear_pointer (&tree->nodes, g_array_unref);
  g_clear_pointer (&tree->index, g_hash_table_unref);
  g_clear_pointer (&tree->event_node, g_free);
}

/* one aligned node: the nodes of both trees with the same names from the
 * root, found by (aligned parent, name) rather than by their whole paths,
 * so that a call stack D deep costs D, not D² */
typedef struct
{
  gint32      parent;   /* aligned node, or -1 */
  const char *name;     /* a string of one of the traces, or the alignment's */
  const char *names[2]; /* each run's name, when they differ (a CUDA and a HIP call) */
  guint       depth;
  gint64      count[2];
  gint64      dur_ns[2];
  gint64      kernels[2];
  int         change;
  gboolean    structural_child;
  GArray     *children; /* guint32 aligned nodes, or NULL */
} Aligned;

typedef struct
{
  gint32      parent;
  const char *name;
} AlignedKey;

typedef struct
{
  GArray       *nodes;  /* Aligned */
  GHashTable   *index;  /* AlignedKey -> node + 1 */
  GStringChunk *twins;  /* the CUDA names HIP calls are matched under */
  gboolean      compat; /* HTA's keying: names as they are */
} Alignment;

enum
{
  CHANGE_SAME,
  CHANGE_FASTER,
  CHANGE_SLOWER,
  CHANGE_CHILDREN,
  CHANGE_COUNT,
  CHANGE_ADDED,
  CHANGE_REMOVED,
};

static const char *const change_names[] = { "=", "faster", "slower", "children changed", "count changed", "added",
                                            "removed" };

static guint
aligned_key_hash (gconstpointer key)
{
  const AlignedKey *k = key;

  return g_str_hash (k->name) ^ hp_hash_mix64 ((guint64)(guint32)k->parent);
}

static gboolean
aligned_key_equal (gconstpointer a,
                   gconstpointer b)
{
  const AlignedKey *x = a, *y = b;

  return x->parent == y->parent && strcmp (x->name, y->name) == 0;
}

static void
alignment_init (Alignment *al)
{
  al->nodes = g_array_new (FALSE, TRUE, sizeof (Aligned));
  al->index = g_hash_table_new_full (aligned_key_hash, aligned_key_equal, g_free, NULL);
  al->twins = g_string_chunk_new (256);
}

static void
alignment_clear (Alignment *al)
{
  for (guint k = 0; al->nodes != NULL && k < al->nodes->len; k++)
    g_clear_pointer (&g_array_index (al->nodes, Aligned, k).children, g_array_unref);
  g_clear_pointer (&al->nodes, g_array_unref);
  g_clear_pointer (&al->index, g_hash_table_unref);
  g_clear_pointer (&al->twins, g_string_chunk_free);
}

static Aligned *
aligned_at (Alignment *al,
            gint32     k)
{
  return k >= 0 ? &g_array_index (al->nodes, Aligned, k) : NULL;
}

static void
add_tree (Alignment *al,
          Tree      *tree,
          guint      side)
{
  guint   n = tree->nodes->len;
  gint32 *to_aligned = g_new0 (gint32, MAX (n, 1));

  /* parents come before their children */
  for (guint k = 0; k < n; k++)
    {
      const Node      *node = &g_array_index (tree->nodes, Node, k);
      const char      *name = name_text (tree, node->name);
      g_autofree char *twin = NULL;
      AlignedKey       key = { node->parent >= 0 ? to_aligned[node->parent] : -1, name };
      gpointer         slot;
      Aligned         *a;

      /* as the ops diff does (hp_trace_diff_compare()): the default mode
       * matches a HIP runtime call with its CUDA twin */
      if (!al->compat && node->runtime && (twin = hp_runtime_call_match_name (name)) != NULL)
        key.name = g_string_chunk_insert_const (al->twins, twin);
      slot = g_hash_table_lookup (al->index, &key);

      if (slot == NULL)
        {
          Aligned fresh = { 0 };

          fresh.parent = key.parent;
          fresh.name = name; /* the first run's, under the key it matched */
          fresh.depth = key.parent >= 0 ? aligned_at (al, key.parent)->depth + 1 : 0;
          g_array_append_val (al->nodes, fresh);
          slot = GUINT_TO_POINTER (al->nodes->len);
          g_hash_table_insert (al->index, g_memdup2 (&key, sizeof key), slot);
        }
      to_aligned[k] = (gint32)GPOINTER_TO_UINT (slot) - 1;
      a = aligned_at (al, to_aligned[k]);
      a->names[side] = name;
      a->count[side] += node->count;
      a->dur_ns[side] += node->dur_ns;
      a->kernels[side] += node->kernels;
    }
  g_free (to_aligned);
}

static int
cmp_by_name_with (gconstpointer x,
                  gconstpointer y,
                  gpointer      data)
{
  Alignment     *al = data;
  const Aligned *a = aligned_at (al, *(const gint32 *)x);
  const Aligned *b = aligned_at (al, *(const gint32 *)y);

  return strcmp (a->name, b->name);
}

/* preorder, siblings by name: the order of the paths compared name by name */
static GArray *
preorder (Alignment *al)
{
  g_autoptr (GArray) roots = g_array_new (FALSE, FALSE, sizeof (gint32));
  g_autoptr (GArray) stack = g_array_new (FALSE, FALSE, sizeof (gint32));
  GArray *order = g_array_sized_new (FALSE, FALSE, sizeof (gint32), al->nodes->len);

  for (guint k = 0; k < al->nodes->len; k++)
    {
      Aligned *a = aligned_at (al, (gint32)k);
      gint32   self = (gint32)k;

      if (a->parent < 0)
        g_array_append_val (roots, self);
      else
        {
          Aligned *parent = aligned_at (al, a->parent);

          if (parent->children == NULL)
            parent->children = g_array_new (FALSE, FALSE, sizeof (gint32));
          g_array_append_val (parent->children, self);
        }
    }
  g_array_sort_with_data (roots, cmp_by_name_with, al);
  for (guint k = 0; k < al->nodes->len; k++)
    {
      Aligned *a = aligned_at (al, (gint32)k);

      if (a->children != NULL)
        g_array_sort_with_data (a->children, cmp_by_name_with, al);
    }
  /* pushed in reverse, popped in order */
  for (guint k = roots->len; k-- > 0;)
    g_array_append_val (stack, g_array_index (roots, gint32, k));
  while (stack->len > 0)
    {
      gint32   k = g_array_index (stack, gint32, stack->len - 1);
      Aligned *a = aligned_at (al, k);

      g_array_set_size (stack, stack->len - 1);
      g_array_append_val (order, k);
      for (guint c = a->children != NULL ? a->children->len : 0; c-- > 0;)
        g_array_append_val (stack, g_array_index (a->children, gint32, c));
    }
  return order;
}

/* "a > b > c": the names from the root, written only for the rows shown.
 * A path longer than MAX_PATH_BYTES keeps its root and its last names,
 * "root > … > y > z": every row of a call stack D deep would otherwise
 * spell D names, D² in all. */
#define MAX_PATH_BYTES 4096
#define PATH_ELISION PATH_SEPARATOR "\xe2\x80\xa6" /* … */

static char *
path_of (Alignment *al,
         gint32     k)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  GString *s = g_string_new (NULL);
  gsize    bytes = 0;
  gint32   root = k;

  while (aligned_at (al, root)->parent >= 0)
    root = aligned_at (al, root)->parent;
  for (; k >= 0; k = aligned_at (al, k)->parent)
    {
      const char *name = aligned_at (al, k)->name;

      bytes += strlen (name) + strlen (PATH_SEPARATOR);
      if (bytes > MAX_PATH_BYTES && k != root && names->len > 0)
        {
          g_string_append (s, aligned_at (al, root)->name);
          g_string_append (s, PATH_ELISION);
          g_string_append (s, PATH_SEPARATOR);
          break;
        }
      g_ptr_array_add (names, (gpointer)name);
    }
  for (guint i = names->len; i-- > 0;)
    {
      g_string_append (s, names->pdata[i]);
      if (i > 0)
        g_string_append (s, PATH_SEPARATOR);
    }
  return g_string_free (s, FALSE);
}

static char *
format_change_us (double us)
{
  if (fabs (us) >= 1000.0)
    return g_strdup_printf ("%+.1f ms", us / 1000.0);
  return g_strdup_printf ("%+.1f us", us);
}

static const char *
times (gint64 n)
{
  return n == 1 ? "time" : "times";
}

static char *
summary_of (Alignment     *al,
            const Aligned *a,
            GPtrArray     *children)
{
  GString         *s = g_string_new (a->name);
  gint64           dk = a->kernels[1] - a->kernels[0];
  g_autofree char *dur = format_change_us (hp_ns_to_us (a->dur_ns[1] - a->dur_ns[0]));
  const char      *sep;

  if (a->parent >= 0)
    {
      g_autofree char *parent_path = path_of (al, a->parent);

      g_string_append_printf (s, " under %s", parent_path);
    }
  switch (a->change)
    {
    case CHANGE_ADDED:
      g_string_append_printf (s, " was added (%" G_GINT64_FORMAT " %s)", a->count[1], times (a->count[1]));
      break;
    case CHANGE_REMOVED:
      g_string_append_printf (s, " was removed (%" G_GINT64_FORMAT " %s)", a->count[0], times (a->count[0]));
      break;
    case CHANGE_COUNT:
      g_string_append_printf (s, " ran %" G_GINT64_FORMAT " %s instead of %" G_GINT64_FORMAT, a->count[1],
                              times (a->count[1]), a->count[0]);
      break;
    default:
      break;
    }
  /* "X under P gained 2 kernels, +1.8 ms" or "X under P was added (3 times), +1.8 ms" */
  sep = a->change == CHANGE_CHILDREN ? " " : ", ";
  if (dk != 0)
    {
      g_string_append_printf (s, "%s%s %" G_GINT64_FORMAT " kernel%s", sep, dk > 0 ? "gained" : "lost", ABS (dk),
                              ABS (dk) == 1 ? "" : "s");
      sep = ", ";
    }
  g_string_append_printf (s, "%s%s", sep, dur);
  for (guint i = 0; children != NULL && i < children->len; i++)
    {
      const Aligned *c = children->pdata[i];

      g_string_append (s, i == 0 ? ": " : ", ");
      if (c->change == CHANGE_ADDED)
        g_string_append_printf (s, "%s added (%" G_GINT64_FORMAT ")", c->name, c->count[1]);
      else if (c->change == CHANGE_REMOVED)
        g_string_append_printf (s, "%s removed (%" G_GINT64_FORMAT ")", c->name, c->count[0]);
      else
        g_string_append_printf (s, "%s ran %" G_GINT64_FORMAT " %s instead of %" G_GINT64_FORMAT, c->name,
                                c->count[1], times (c->count[1]), c->count[0]);
    }
  return g_string_free (s, FALSE);
}

/* hp_tree_diff() and hp_tree_diff_full(): @all_nodes keeps the nodes
 * that did not change */
static HpTable *
tree_diff (HpTrace                 *control,
           HpTrace                 *test,
           const HpTraceDiffParams *params,
           gboolean                 all_nodes,
           GCancellable            *cancellable,
           GError                 **error)
{
  const char *labels[2] = { params->control_label != NULL ? params->control_label : "Control",
                            params->test_label != NULL ? params->test_label : "Test" };
  g_autofree char *test_label = NULL;
  Tree             trees[2] = { { 0 }, { 0 } };
  Alignment        al = { 0 };
  g_autoptr (GArray) order = NULL;
  g_autoptr (HpTable) table = NULL;
  GError *local_error = NULL;

  if (strcmp (labels[0], labels[1]) == 0)
    labels[1] = test_label = g_strconcat (labels[1], "_control_test", NULL);
  for (guint side = 0; side < 2; side++)
    if (!build_tree (&trees[side], side == 0 ? control : test, side == 0 ? params->control_rank : params->test_rank,
                     side == 0 ? params->control_iterations : params->test_iterations, cancellable, &local_error))
      {
        g_propagate_prefixed_error (error, local_error, "%s: ", labels[side]);
        tree_clear (&trees[0]);
        tree_clear (&trees[1]);
        return NULL;
      }
  alignment_init (&al);
  al.compat = trees[0].compat;
  for (guint side = 0; side < 2; side++)
    {
      add_tree (&al, &trees[side], side);
      tree_clear (&trees[side]);
    }
  order = preorder (&al);

  /* the node's own change, then which nodes have structurally changed
   * children */
  for (guint i = 0; i < al.nodes->len; i++)
    {
      Aligned *a = aligned_at (&al, (gint32)i);
      double   c = (double)a->dur_ns[0], t = (double)a->dur_ns[1];

      if (a->count[0] == 0)
        a->change = CHANGE_ADDED;
      else if (a->count[1] == 0)
        a->change = CHANGE_REMOVED;
      else if (a->count[0] != a->count[1])
        a->change = CHANGE_COUNT;
      else if (fabs (t - c) > TIMING_CHANGE_PCT / 100.0 * c && fabs (t - c) > 1000.0)
        a->change = t > c ? CHANGE_SLOWER : CHANGE_FASTER;
    }
  for (guint i = 0; i < al.nodes->len; i++)
    {
      Aligned *a = aligned_at (&al, (gint32)i);

      if (a->change >= CHANGE_COUNT && a->parent >= 0)
        aligned_at (&al, a->parent)->structural_child = TRUE;
    }
  for (guint i = 0; i < al.nodes->len; i++)
    {
      Aligned *a = aligned_at (&al, (gint32)i);

      if (a->structural_child && a->change < CHANGE_COUNT)
        a->change = CHANGE_CHILDREN;
    }

  table = hp_table_new (HP_TREE_DIFF_TABLE, "Call tree comparison");
  hp_table_add_column (table, "path", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "depth", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "name", HP_COLUMN_STRING, NULL);
  for (guint side = 0; side < 2; side++)
    {
      g_autofree char *counts = g_strconcat (labels[side], "_counts", NULL);
      g_autofree char *duration = g_strconcat (labels[side], "_duration", NULL);
      g_autofree char *kernels = g_strconcat (labels[side], "_kernels", NULL);

      hp_table_add_column (table, counts, HP_COLUMN_INT, NULL);
      hp_table_add_column (table, duration, HP_COLUMN_DOUBLE, "us");
      hp_table_add_column (table, kernels, HP_COLUMN_INT, NULL);
    }
  hp_table_add_column (table, "diff_counts", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "diff_duration", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "diff_kernels", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "change", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "root_of_change", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "summary", HP_COLUMN_STRING, NULL);
  if (!al.compat)
    hp_table_add_column (table, "matched_names", HP_COLUMN_STRING, NULL);

  for (guint i = 0; i < order->len; i++)
    {
      Aligned         *a = aligned_at (&al, g_array_index (order, gint32, i));
      g_autofree char *path = NULL;
      gboolean         root;
      guint            row, col = 0;

      if (a->change == CHANGE_SAME && !all_nodes)
        continue;
      /* where it changed: a node whose children changed, or a changed
       * node with no parent to report it */
      root = a->change == CHANGE_CHILDREN || (a->change >= CHANGE_COUNT && a->parent < 0);
      path = path_of (&al, g_array_index (order, gint32, i));
      row = hp_table_append_row (table);
      hp_table_set_string (table, row, col++, path);
      hp_table_set_int (table, row, col++, a->depth);
      hp_table_set_string (table, row, col++, a->name);
      for (guint side = 0; side < 2; side++)
        {
          hp_table_set_int (table, row, col++, a->count[side]);
          hp_table_set_double (table, row, col++, hp_ns_to_us (a->dur_ns[side]));
          hp_table_set_int (table, row, col++, a->kernels[side]);
        }
      hp_table_set_int (table, row, col++, a->count[1] - a->count[0]);
      hp_table_set_double (table, row, col++, hp_ns_to_us (a->dur_ns[1] - a->dur_ns[0]));
      hp_table_set_int (table, row, col++, a->kernels[1] - a->kernels[0]);
      hp_table_set_string (table, row, col++, change_names[a->change]);
      hp_table_set_int (table, row, col++, root);
      if (root)
        {
          g_autoptr (GPtrArray) children = g_ptr_array_new ();
          g_autofree char *summary = NULL;

          for (guint j = 0; a->children != NULL && j < a->children->len; j++)
            {
              Aligned *c = aligned_at (&al, g_array_index (a->children, gint32, j));

              if (c->change >= CHANGE_COUNT)
                g_ptr_array_add (children, c);
            }
          summary = summary_of (&al, a, children);
          hp_table_set_string (table, row, col++, summary);
        }
      else
        hp_table_set_null (table, row, col++);
      if (!al.compat)
        {
          if (a->names[0] != NULL && a->names[1] != NULL && strcmp (a->names[0], a->names[1]) != 0)
            {
              g_autofree char *matched = g_strdup_printf ("%s = %s", a->names[0], a->names[1]);

              hp_table_set_string (table, row, col++, matched);
            }
          else
            hp_table_set_string (table, row, col++, "");
        }
    }
  alignment_clear (&al);

  return g_steal_pointer (&table);
}

/**
 * hp_tree_diff:
 * @params: the runs' ranks, iterations and labels, as for
 *   hp_trace_diff_compare() (device and short names are not used)
 *
 * Aligns the call trees of two runs (step, annotations, operators, runtime
 * calls, the kernels they launch; Python frames left out) by their paths of
 * names and reports every node that differs: `added`, `removed`, `count
 * changed`, `slower`/`faster` (by more than 5 % and 1 us) and `children
 * changed` for a node whose children were added, removed or ran a
 * different number of times: that node is where the change happened
 * (`root_of_change` 1) and its `summary` says it in words, e.g.
 * "aten::linear under ProfilerStep > ## forward ## gained 2 kernels,
 * +1.8 ms: cudaLaunchKernel ran 3 times instead of 1".
 *
 * Returns: (transfer full): the table `tree_diff`, in tree order, or NULL
 *   with @error set
 */
HpTable *
hp_tree_diff (HpTrace                 *control,
              HpTrace                 *test,
              const HpTraceDiffParams *params,
              GCancellable            *cancellable,
              GError                 **error)
{
  return tree_diff (control, test, params, FALSE, cancellable, error);
}

/**
 * hp_tree_diff_full:
 *
 * The aligned call trees whole, as hp_tree_diff() with the nodes that did
 * not change too (their `change` is `=`), so that a view can show the
 * changed nodes in their place in the tree.
 *
 * Returns: (transfer full): the table `tree_diff`, every node in tree
 *   order (a node's children follow it, one `depth` deeper), or NULL with
 *   @error set
 */
HpTable *
hp_tree_diff_full (HpTrace                 *control,
                   HpTrace                 *test,
                   const HpTraceDiffParams *params,
                   GCancellable            *cancellable,
                   GError                 **error)
{
  /* a job opened from rank summaries has no events to diff */
  if (hp_trace_get_summaries (control) != NULL || hp_trace_get_summaries (test) != NULL)
    {
      g_set_error_literal (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA,
                           "the tree diff reads every event; rank summaries do not hold them: load the traces in full");
      return NULL;
    }
  return tree_diff (control, test, params, TRUE, cancellable, error);
}

/**
 * hp_tree_diff_changed:
 * @full: a table of hp_tree_diff_full()
 *
 * Returns: (transfer full): the rows of @full that changed: the table
 *   hp_tree_diff() gives for the same runs
 */
HpTable *
hp_tree_diff_changed (HpTable *full)
{
  int change = hp_table_find_column (full, "change");
  g_autoptr (GArray) rows = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint row = 0; change >= 0 && row < hp_table_get_n_rows (full); row++)
    if (g_strcmp0 (hp_table_get_string (full, row, (guint)change), change_names[CHANGE_SAME]) != 0)
      g_array_append_val (rows, row);
  return hp_table_select_rows (full, (const guint *)rows->data, rows->len);
}
