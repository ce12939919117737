/* hp-ops-diff.c — HTA's ops_diff: the compare_traces table sorted into
 * added, deleted, increased, decreased and unchanged ops (spec analyses §10).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-core-private.h"
#include "hp-trace-diff-private.h"

const char *
hp_ops_diff_kind_to_string (HpOpsDiffKind kind)
{
  static const char *const names[] = { "added", "deleted", "increased", "decreased", "unchanged" };

  g_return_val_if_fail (kind < HP_N_OPS_DIFF_KINDS, NULL);
  return names[kind];
}

static int
find_counts_column (HpTable *compare,
                    guint    nth)
{
  for (guint c = 0; c < hp_table_get_n_columns (compare); c++)
    {
      const char *name = hp_table_get_column_name (compare, c);

      if (g_str_has_suffix (name, "_counts") && strcmp (name, "diff_counts") != 0 && nth-- == 0)
        return (int)c;
    }
  return -1;
}

/**
 * hp_ops_diff_from_compare:
 * @compare: a table made by hp_trace_diff_compare()
 *
 * Sorts the ops of a comparison into the five lists of `TraceDiff.ops_diff`
 * (spec §10.3). Ops that are not compared (`~`) are in none; a name listed
 * twice in a list (two categories) is listed once.
 *
 * Returns: (transfer full): the lists
 */
HpOpsDiff *
hp_ops_diff_from_compare (HpTable *compare)
{
  HpOpsDiff *self = g_new0 (HpOpsDiff, 1);
  int        c_col = find_counts_column (compare, 0);
  int        t_col = find_counts_column (compare, 1);
  int        cat_col = hp_table_find_column (compare, "counts_change_categories");

  for (guint k = 0; k < HP_N_OPS_DIFF_KINDS; k++)
    self->names[k] = g_ptr_array_new_with_free_func (g_free);
  g_return_val_if_fail (c_col >= 0 && t_col >= 0 && cat_col >= 0, self);

  for (guint i = 0; i < hp_table_get_n_rows (compare); i++)
    {
      const char *name = hp_table_get_string (compare, i, 0);
      gint64      c = hp_table_get_int (compare, i, (guint)c_col);
      gint64      t = hp_table_get_int (compare, i, (guint)t_col);
      gint64      diff = t - c;
      int         kind = -1;
      GPtrArray  *list;

      if (g_strcmp0 (hp_table_get_string (compare, i, (guint)cat_col), NOT_COMPARED) == 0)
        continue;
      if (c == 0 && t > 0)
        kind = HP_OPS_DIFF_ADDED;
      else if (c > 0 && t == 0)
        kind = HP_OPS_DIFF_DELETED;
      else if (c > 0 && diff > 0)
        kind = HP_OPS_DIFF_INCREASED;
      else if (t > 0 && diff < 0)
        kind = HP_OPS_DIFF_DECREASED;
      else if (t > 0 && diff == 0)
        kind = HP_OPS_DIFF_UNCHANGED;
      if (kind < 0)
        continue;
      list = self->names[kind];
      if (list->len > 0 && strcmp (g_ptr_array_index (list, list->len - 1), name) == 0)
        continue;
      g_ptr_array_add (list, g_strdup (name));
    }

  return self;
}

/**
 * hp_trace_diff_ops_diff:
 *
 * `TraceDiff.ops_diff` (spec §10.3): hp_trace_diff_compare() by full name
 * (@params' use_short_name is ignored), sorted into five lists.
 *
 * Returns: (transfer full): the lists, or NULL with @error set
 */
HpOpsDiff *
hp_trace_diff_ops_diff (HpTrace                 *control,
                        HpTrace                 *test,
                        const HpTraceDiffParams *params,
                        GCancellable            *cancellable,
                        GError                 **error)
{
  HpTraceDiffParams full = *params;
  g_autoptr (HpTable) compare = NULL;

  full.use_short_name = FALSE;
  compare = hp_trace_diff_compare (control, test, &full, cancellable, error);
  if (compare == NULL)
    return NULL;
  return hp_ops_diff_from_compare (compare);
}

void
hp_ops_diff_free (HpOpsDiff *self)
{
  if (self == NULL)
    return;
  for (guint k = 0; k < HP_N_OPS_DIFF_KINDS; k++)
    g_clear_pointer (&self->names[k], g_ptr_array_unref);
  g_free (self);
}

/**
 * hp_ops_diff_to_json:
 *
 * Returns: (transfer full): an object with the five lists, in HTA's order
 */
JsonNode *
hp_ops_diff_to_json (HpOpsDiff *self)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  for (guint k = 0; k < HP_N_OPS_DIFF_KINDS; k++)
    {
      json_builder_set_member_name (builder, hp_ops_diff_kind_to_string ((HpOpsDiffKind)k));
      json_builder_begin_array (builder);
      for (guint i = 0; i < self->names[k]->len; i++)
        json_builder_add_string_value (builder, g_ptr_array_index (self->names[k], i));
      json_builder_end_array (builder);
    }
  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}
