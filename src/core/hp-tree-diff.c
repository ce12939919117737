/* hp-tree-diff.c — two runs' call trees aligned, changes reported where they happen.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

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
  gint32  parent; /* node, or -1 */
  guint32 name;   /* string id */
  gint64  count;
  gint64  dur_ns;
  gint64  kernels; /* GPU events in the subtree */
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

/* the event a node hangs from: the enclosing host event, or for GPU work
 * the launch */
static gint32
tree_parent (const HpRank *r,
             guint         event)
{
  gint32 p;

  if ((r->flags[event] & HP_EVENT_G1) && r->partner[event] >= 0 && !(r->flags[r->partner[event]] & HP_EVENT_G1))
    p = r->partner[event];
  else
    p = r->parent[event];
  while (p >= 0 && skipped (r, (guint)p))
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

static gint32
node_of (Tree *tree,
         guint event)
{
  gint32   parent_event, parent_node;
  guint64  key;
  gpointer slot;

  if (tree->event_node[event] != -2)
    return tree->event_node[event];
  parent_event = tree_parent (tree->rank, event);
  parent_node = parent_event >= 0 ? node_of (tree, (guint)parent_event) : -1;
  key = ((guint64)(guint32)(parent_node + 1) << 32) | node_name (tree, event);
  slot = g_hash_table_lookup (tree->index, &key);
  if (slot == NULL)
    {
      Node     fresh = { parent_node, node_name (tree, event), 0, 0, 0 };
      guint64 *stored = g_new (guint64, 1);

      *stored = key;
      g_array_append_val (tree->nodes, fresh);
      slot = GUINT_TO_POINTER (tree->nodes->len);
      g_hash_table_insert (tree->index, stored, slot);
    }
  tree->event_node[event] = (gint32)GPOINTER_TO_UINT (slot) - 1;
  return tree->event_node[event];
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
  tree->index = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  tree->event_node = g_new (gint32, MAX (r->n_events, 1));
  for (guint i = 0; i < r->n_events; i++)
    tree->event_node[i] = -2;

  for (guint i = 0; i < r->n_events; i++)
    {
      gint32 node;

      if (hp_analysis_check_cancelled (cancellable, i, error))
        return FALSE;
      if (skipped (r, i))
        continue;
      if (!_hp_trace_diff_event_selected (its, r, i))
        continue;
      node = node_of (tree, i);
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

/* one aligned node */
typedef struct
{
  char    *path;
  char    *parent_path; /* NULL for a root */
  char    *name;
  guint    depth;
  gint64   count[2];
  gint64   dur_ns[2];
  gint64   kernels[2];
  int      change;
  gboolean structural_child;
} Aligned;

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

static void
aligned_free (gpointer data)
{
  Aligned *a = data;

  g_free (a->path);
  g_free (a->parent_path);
  g_free (a->name);
  g_free (a);
}

static void
add_tree (GHashTable *aligned,
          Tree       *tree,
          guint       side)
{
  guint  n = tree->nodes->len;
  char **paths = g_new0 (char *, MAX (n, 1));
  guint *depths = g_new0 (guint, MAX (n, 1));

  /* parents come before their children */
  for (guint k = 0; k < n; k++)
    {
      const Node *node = &g_array_index (tree->nodes, Node, k);
      const char *name = name_text (tree, node->name);
      Aligned    *a;

      paths[k] = node->parent >= 0 ? g_strconcat (paths[node->parent], PATH_SEPARATOR, name, NULL) : g_strdup (name);
      depths[k] = node->parent >= 0 ? depths[node->parent] + 1 : 0;
      a = g_hash_table_lookup (aligned, paths[k]);
      if (a == NULL)
        {
          a = g_new0 (Aligned, 1);
          a->path = g_strdup (paths[k]);
          a->parent_path = node->parent >= 0 ? g_strdup (paths[node->parent]) : NULL;
          a->name = g_strdup (name);
          a->depth = depths[k];
          g_hash_table_insert (aligned, a->path, a);
        }
      a->count[side] += node->count;
      a->dur_ns[side] += node->dur_ns;
      a->kernels[side] += node->kernels;
    }
  for (guint k = 0; k < n; k++)
    g_free (paths[k]);
  g_free (paths);
  g_free (depths);
}

/* preorder: compare paths name by name */
static int
cmp_aligned (gconstpointer x,
             gconstpointer y)
{
  const Aligned *a = *(Aligned *const *)x;
  const Aligned *b = *(Aligned *const *)y;
  const char    *p = a->path, *q = b->path;
  gsize          sep = strlen (PATH_SEPARATOR);

  for (;;)
    {
      const char *pe = strstr (p, PATH_SEPARATOR);
      const char *qe = strstr (q, PATH_SEPARATOR);
      gsize       pl = pe != NULL ? (gsize)(pe - p) : strlen (p);
      gsize       ql = qe != NULL ? (gsize)(qe - q) : strlen (q);
      int         c = strncmp (p, q, MIN (pl, ql));

      if (c != 0)
        return c;
      if (pl != ql)
        return pl < ql ? -1 : 1;
      if (pe == NULL || qe == NULL)
        return (pe != NULL) - (qe != NULL);
      p = pe + sep;
      q = qe + sep;
    }
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
summary_of (const Aligned *a,
            GPtrArray     *children)
{
  GString         *s = g_string_new (a->name);
  gint64           dk = a->kernels[1] - a->kernels[0];
  g_autofree char *dur = format_change_us (hp_ns_to_us (a->dur_ns[1] - a->dur_ns[0]));
  const char      *sep;

  if (a->parent_path != NULL)
    g_string_append_printf (s, " under %s", a->parent_path);
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
  g_autoptr (GHashTable) aligned = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, aligned_free);
  g_autoptr (GPtrArray) rows = NULL;
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
  for (guint side = 0; side < 2; side++)
    {
      add_tree (aligned, &trees[side], side);
      tree_clear (&trees[side]);
    }

  rows = g_ptr_array_new ();
  {
    GHashTableIter iter;
    gpointer       value;

    g_hash_table_iter_init (&iter, aligned);
    while (g_hash_table_iter_next (&iter, NULL, &value))
      g_ptr_array_add (rows, value);
  }
  g_ptr_array_sort (rows, cmp_aligned);

  /* the node's own change, then which nodes have structurally changed
   * children */
  for (guint i = 0; i < rows->len; i++)
    {
      Aligned *a = rows->pdata[i];
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
  for (guint i = 0; i < rows->len; i++)
    {
      Aligned *a = rows->pdata[i];
      Aligned *parent = a->parent_path != NULL ? g_hash_table_lookup (aligned, a->parent_path) : NULL;

      if (a->change >= CHANGE_COUNT && parent != NULL)
        parent->structural_child = TRUE;
    }
  for (guint i = 0; i < rows->len; i++)
    {
      Aligned *a = rows->pdata[i];

      if (a->structural_child && a->change < CHANGE_COUNT)
        a->change = CHANGE_CHILDREN;
    }

  table = hp_table_new ("tree_diff", "Call tree comparison");
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

  for (guint i = 0; i < rows->len; i++)
    {
      Aligned *a = rows->pdata[i];
      Aligned *parent = a->parent_path != NULL ? g_hash_table_lookup (aligned, a->parent_path) : NULL;
      gboolean root;
      guint    row, col = 0;

      if (a->change == CHANGE_SAME && !all_nodes)
        continue;
      /* where it changed: a node whose children changed, or a changed
       * node with no parent to report it */
      root = a->change == CHANGE_CHILDREN || (a->change >= CHANGE_COUNT && parent == NULL);
      row = hp_table_append_row (table);
      hp_table_set_string (table, row, col++, a->path);
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

          for (guint j = i + 1; j < rows->len; j++)
            {
              Aligned *c = rows->pdata[j];

              if (c->depth <= a->depth)
                break;
              if (c->depth == a->depth + 1 && c->change >= CHANGE_COUNT)
                g_ptr_array_add (children, c);
            }
          summary = summary_of (a, children);
          hp_table_set_string (table, row, col++, summary);
        }
      else
        hp_table_set_null (table, row, col++);
    }

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
