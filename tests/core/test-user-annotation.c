/* test-user-annotation.c — the user-annotation breakdown and kernel attribution against HTA and hand-made traces.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <unistd.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "hp-core.h"
#include "hp-test-utils.h"

static const char *const breakdown_tables[] = {
  "user_annotation_breakdown_gpu",
  "user_annotation_breakdown_cpu",
};

/* ---------------------------------------------------------------------- */
/* helpers                                                                 */

static HpTable *
find_table (GPtrArray  *tables,
            const char *name)
{
  for (guint i = 0; i < tables->len; i++)
    if (g_str_equal (hp_table_get_name (g_ptr_array_index (tables, i)), name))
      return g_ptr_array_index (tables, i);
  return NULL;
}

/* The golden CSV without its `user_annotation` column: HTA prints its own
 * symbol ids there, which are not stable between runs (docs/trace-format.md §14). */
static char *
golden_without_annotation_ids (const char *golden_path,
                               GHashTable *golden_ids) /* row → id */
{
  g_autoptr (GPtrArray) rows = hp_test_read_csv (golden_path);
  g_autoptr (GString) out = g_string_new (NULL);
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;
  int skip = hp_test_csv_column (rows, "user_annotation");
  int fd;

  g_assert_cmpint (skip, >=, 0);
  for (guint r = 0; r < rows->len; r++)
    {
      char   **row = g_ptr_array_index (rows, r);
      gboolean first = TRUE;

      for (int c = 0; row[c] != NULL; c++)
        {
          if (c == skip)
            continue;
          if (!first)
            g_string_append_c (out, ',');
          first = FALSE;
          /* the values never hold a quote; they may hold commas */
          if (strchr (row[c], ',') != NULL)
            g_string_append_printf (out, "\"%s\"", row[c]);
          else
            g_string_append (out, row[c]);
        }
      g_string_append_c (out, '\n');
      if (r > 0)
        g_hash_table_insert (golden_ids, GUINT_TO_POINTER (r - 1), g_strdup (row[skip]));
    }

  fd = g_file_open_tmp ("hp-golden-XXXXXX.csv", &path, &error);
  g_assert_no_error (error);
  close (fd);
  g_file_set_contents (path, out->str, out->len, &error);
  g_assert_no_error (error);
  return g_steal_pointer (&path);
}

/* ---------------------------------------------------------------------- */
/* parity with HTA                                                         */

static void
test_breakdown_parity (gconstpointer data)
{
  const char *case_name = data;
  g_autoptr (HpTrace) trace = hp_test_load (case_name, HP_MODE_HTA_COMPAT);
  g_autoptr (GPtrArray) tables = hp_test_run (hp_user_annotation_breakdown_compute, trace, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (breakdown_tables); i++)
    {
      g_autofree char *file = g_strconcat (breakdown_tables[i], ".csv", NULL);
      g_autofree char *golden = hp_test_golden_path (case_name, file);
      g_autofree char *key = g_strconcat ("gpu_user_annotation_breakdown_", i == 0 ? "gpu" : "cpu", NULL);
      g_autofree char *status = hp_test_golden_status (case_name, key);
      HpTable         *table = find_table (tables, breakdown_tables[i]);

      if (g_file_test (golden, G_FILE_TEST_EXISTS))
        {
          g_assert_nonnull (table);
          hp_test_assert_table_matches_golden (table, golden);
        }
      else if (g_strcmp0 (status, "empty") == 0)
        g_assert_null (table); /* HTA returned None: the category is absent */
    }
}

static void
test_kernels_parity (gconstpointer data)
{
  const char *case_name = data;
  g_autoptr (HpTrace) trace = hp_test_load (case_name, HP_MODE_HTA_COMPAT);
  g_autoptr (GPtrArray) tables = hp_test_run (hp_gpu_kernels_with_user_annotations_compute, trace, NULL);
  g_autoptr (GHashTable) golden_ids = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  g_autoptr (GHashTable) ours_of_golden = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) golden_of_ours = g_hash_table_new (NULL, NULL);
  g_autofree char *golden = hp_test_golden_path (case_name, "gpu_kernels_with_user_annotations.csv");
  g_autofree char *projected = NULL;
  HpTable         *table;
  int              id_col;

  g_assert_cmpuint (tables->len, ==, 1);
  table = find_table (tables, "gpu_kernels_with_user_annotations");
  g_assert_nonnull (table);

  projected = golden_without_annotation_ids (golden, golden_ids);
  hp_test_assert_table_matches_golden (table, projected);
  g_unlink (projected);

  /* the ids differ, but must name the same annotations: -1 where HTA has
   * -1, and one of our ids for each of HTA's */
  id_col = hp_test_column (table, "user_annotation");
  g_assert_cmpuint (g_hash_table_size (golden_ids), ==, hp_table_get_n_rows (table));
  for (guint row = 0; row < hp_table_get_n_rows (table); row++)
    {
      const char *theirs = g_hash_table_lookup (golden_ids, GUINT_TO_POINTER (row));
      gint64      ours = hp_table_get_int (table, row, id_col);
      gpointer    seen;

      g_assert_nonnull (theirs);
      if (g_str_equal (theirs, "-1"))
        {
          g_assert_cmpint (ours, ==, -1);
          continue;
        }
      g_assert_cmpint (ours, >=, 0);
      seen = g_hash_table_lookup (ours_of_golden, theirs);
      if (seen == NULL)
        {
          g_assert_null (g_hash_table_lookup (golden_of_ours, GINT_TO_POINTER (ours + 1)));
          g_hash_table_insert (ours_of_golden, (gpointer)theirs, GINT_TO_POINTER (ours + 1));
          g_hash_table_insert (golden_of_ours, GINT_TO_POINTER (ours + 1), (gpointer)theirs);
        }
      else
        g_assert_cmpint (GPOINTER_TO_INT (seen), ==, ours + 1);
    }
}

/* HTA returned None for these: no table in the breakdown, an empty kernel
 * table with a note. */
static void
test_kernels_absent (gconstpointer data)
{
  const char *case_name = data;

  for (int mode = HP_MODE_DEFAULT; mode <= HP_MODE_HTA_COMPAT; mode++)
    {
      g_autoptr (HpTrace) trace = hp_test_load (case_name, mode);
      g_autoptr (GPtrArray) tables = hp_test_run (hp_gpu_kernels_with_user_annotations_compute, trace, NULL);
      g_autoptr (GPtrArray) breakdown = hp_test_run (hp_user_annotation_breakdown_compute, trace, NULL);
      HpTable *table;

      g_assert_cmpuint (tables->len, ==, 1);
      table = g_ptr_array_index (tables, 0);
      g_assert_cmpuint (hp_table_get_n_rows (table), ==, 0);
      g_assert_cmpstr (hp_table_get_note (table), ==, "The trace has no gpu_user_annotation events.");
      g_assert_null (find_table (breakdown, "user_annotation_breakdown_gpu"));
    }
}

/* ---------------------------------------------------------------------- */
/* HTA's own test expectations (hta_test_expectations.md §1, tests 21–24)  */

static void
test_ns_resolution_breakdown (HpTestTraceFixture *fixture,
                              gconstpointer       data)
{
  HpTrace *trace = fixture->compat;
  g_autoptr (GPtrArray) tables = hp_test_run (hp_user_annotation_breakdown_compute, trace, NULL);
  g_autofree char  *golden = hp_test_golden_path ("hta_ns_resolution",
                                                  "testcfg_user_annotation_breakdown_cpu_allowlist_Optimizer_n5.csv");
  const char *const allowlist[] = { "Optimizer", NULL };
  HpAnalysisParams  params;
  HpTable          *cpu;
  guint             optimizer = 0;
  int               name;

  g_assert_cmpuint (tables->len, ==, 2);
  g_assert_cmpuint (hp_table_get_n_rows (find_table (tables, "user_annotation_breakdown_gpu")), ==, 3);
  g_assert_cmpuint (hp_table_get_n_rows (find_table (tables, "user_annotation_breakdown_cpu")), ==, 12);
  g_assert_null (hp_table_get_note (g_ptr_array_index (tables, 0)));

  hp_analysis_params_init (&params);
  hp_analysis_params_set_int (&params, &hp_user_annotation_num_kernels_spec, 5);
  hp_analysis_params_set_strv (&params, &hp_user_annotation_allowlist_patterns_spec, allowlist);
  {
    g_autoptr (GPtrArray) n5 = hp_test_run (hp_user_annotation_breakdown_compute, trace, &params);

    cpu = find_table (n5, "user_annotation_breakdown_cpu");
    g_assert_cmpuint (hp_table_get_n_rows (cpu), ==, 8);
    name = hp_test_column (cpu, "name");
    for (guint row = 0; row < 8; row++)
      optimizer += strstr (hp_table_get_string (cpu, row, name), "Optimizer") != NULL;
    g_assert_cmpuint (optimizer, ==, 2);
    g_assert_cmpstr (hp_table_get_string (cpu, 7, name), ==, "others");
    hp_test_assert_table_matches_golden (cpu, golden);
  }
  hp_analysis_params_clear (&params);
}

static int
find_kernel_row (HpTable *table,
                 gint64   correlation)
{
  int c = hp_test_column (table, "correlation");

  for (guint row = 0; row < hp_table_get_n_rows (table); row++)
    if (hp_table_get_int (table, row, c) == correlation)
      return row;
  return -1;
}

static void
test_ns_resolution_kernels (HpTestTraceFixture *fixture,
                            gconstpointer       data)
{
  HpTrace *trace = fixture->compat;
  g_autoptr (GPtrArray) tables = hp_test_run (hp_gpu_kernels_with_user_annotations_compute, trace, NULL);
  g_autoptr (GHashTable) distinct = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  HpTable *table = find_table (tables, "gpu_kernels_with_user_annotations");
  int      id = hp_test_column (table, "user_annotation");
  int      s_ann = hp_test_column (table, "s_user_annotation");
  int      s_name = hp_test_column (table, "s_name");
  guint    optimizer = 0;
  int      row;

  g_assert_cmpuint (hp_table_get_n_rows (table), ==, 4876);
  for (guint r = 0; r < hp_table_get_n_rows (table); r++)
    {
      gint64 value = hp_table_get_int (table, r, id);

      if (!g_hash_table_contains (distinct, &value))
        g_hash_table_add (distinct, g_memdup2 (&value, sizeof value));
      optimizer += g_strcmp0 (hp_table_get_string (table, r, s_ann), "Optimizer.step#SGD.step") == 0;
    }
  g_assert_cmpuint (g_hash_table_size (distinct), ==, 4);
  g_assert_cmpuint (optimizer, ==, 27);

  row = find_kernel_row (table, 135139);
  g_assert_cmpstr (hp_table_get_string (table, row, s_ann), ==, "DistributedDataParallel.forward");
  g_assert_cmpstr (hp_table_get_string (table, row, s_name), ==, "Memcpy DtoD (Device -> Device)");
  row = find_kernel_row (table, 164926);
  g_assert_cmpstr (hp_table_get_string (table, row, s_ann), ==, "Optimizer.step#SGD.step");
  g_assert_cmpstr (hp_table_get_string (table, row, s_name), ==, "at::native::::multi_tensor_apply_kernel");
}

/* ---------------------------------------------------------------------- */
/* hand-made traces                                                        */

typedef struct
{
  const char *name;
  double      sum, max, min, stddev, mean;
  gint64      count; /* default mode only */
} Expected;

static void
assert_breakdown (HpTable        *table,
                  const Expected *rows,
                  guint           n_rows,
                  gboolean        with_count)
{
  g_assert_nonnull (table);
  g_assert_cmpuint (hp_table_get_n_rows (table), ==, n_rows);
  g_assert_cmpint (hp_table_find_column (table, "count") >= 0, ==, with_count);
  for (guint row = 0; row < n_rows; row++)
    {
      g_assert_cmpstr (hp_table_get_string (table, row, hp_test_column (table, "name")), ==, rows[row].name);
      g_assert_cmpfloat_with_epsilon (hp_table_get_double (table, row, hp_test_column (table, "sum (us)")), rows[row].sum, 1e-9);
      g_assert_cmpfloat_with_epsilon (hp_table_get_double (table, row, hp_test_column (table, "max (us)")), rows[row].max, 1e-9);
      g_assert_cmpfloat_with_epsilon (hp_table_get_double (table, row, hp_test_column (table, "min (us)")), rows[row].min, 1e-9);
      g_assert_cmpfloat_with_epsilon (hp_table_get_double (table, row, hp_test_column (table, "stddev")), rows[row].stddev, 1e-9);
      g_assert_cmpfloat_with_epsilon (hp_table_get_double (table, row, hp_test_column (table, "mean (us)")), rows[row].mean, 1e-9);
      g_assert_cmpint (hp_table_get_int (table, row, hp_test_column (table, "rank")), ==, 0);
      if (with_count)
        g_assert_cmpint (hp_table_get_int (table, row, hp_test_column (table, "count")), ==, rows[row].count);
    }
}

static HpTable *
cpu_breakdown (HpTrace    *trace,
               int         num_kernels,
               double      ratio,
               const char *allow,
               GPtrArray **keep)
{
  const char *const patterns[] = { allow, NULL };
  HpAnalysisParams  params;

  hp_analysis_params_init (&params);
  hp_analysis_params_set_int (&params, &hp_user_annotation_num_kernels_spec, num_kernels);
  hp_analysis_params_set_double (&params, &hp_user_annotation_duration_ratio_spec, ratio);
  if (allow != NULL)
    hp_analysis_params_set_strv (&params, &hp_user_annotation_allowlist_patterns_spec, patterns);
  *keep = hp_test_run (hp_user_annotation_breakdown_compute, trace, &params);
  hp_analysis_params_clear (&params);
  return find_table (*keep, "user_annotation_breakdown_cpu");
}

/* A 10 + 30, B 20, C 3 + 2, D 1 (us). */
static void
test_breakdown_statistics (HpTestTraceFixture *fixture,
                           gconstpointer       data)
{
  static const Expected all[] = {
    { "A", 40, 30, 10, 14.142135623730951, 20, 2 },
    { "B", 20, 20, 20, 0, 20, 1 },
    { "C", 5, 3, 2, 0.7071067811865476, 2.5, 2 },
    { "D", 1, 1, 1, 0, 1, 1 },
  };
  static const Expected gpu[] = {
    { "elsewhere", 100, 100, 100, 0, 100, 1 },
    { "inner", 30, 30, 30, 0, 30, 1 },
    { "outer", 100, 100, 100, 0, 100, 1 },
    { "twin1", 10, 10, 10, 0, 10, 1 },
    { "twin2", 10, 10, 10, 0, 10, 1 },
  };

  /* up to num_kernels names: per-instance statistics in both modes */
  for (int mode = HP_MODE_DEFAULT; mode <= HP_MODE_HTA_COMPAT; mode++)
    {
      HpTrace *trace = mode == HP_MODE_DEFAULT ? fixture->trace : fixture->compat;
      g_autoptr (GPtrArray) tables = hp_test_run (hp_user_annotation_breakdown_compute, trace, NULL);

      g_assert_cmpuint (tables->len, ==, 2);
      g_assert_cmpstr (hp_table_get_name (g_ptr_array_index (tables, 0)), ==, "user_annotation_breakdown_gpu");
      assert_breakdown (g_ptr_array_index (tables, 0), gpu, G_N_ELEMENTS (gpu), mode == HP_MODE_DEFAULT);
      assert_breakdown (g_ptr_array_index (tables, 1), all, G_N_ELEMENTS (all), mode == HP_MODE_DEFAULT);
    }
}

/* More names than num_kernels: C and D become "others" (cumsums 40 60 65
 * 66, 0.8-quantile 65.4, positions ≥ 2). HTA then re-aggregates the
 * per-name sums (docs/analyses.md §3.2 quirk); the default mode keeps instances. */
static void
test_breakdown_others (HpTestTraceFixture *fixture,
                       gconstpointer       data)
{
  static const Expected hta[] = {
    { "A", 40, 40, 40, 0, 40, 0 },
    { "B", 20, 20, 20, 0, 20, 0 },
    { "others", 6, 5, 1, 2.8284271247461903, 3, 0 },
  };
  static const Expected better[] = {
    { "A", 40, 30, 10, 14.142135623730951, 20, 2 },
    { "B", 20, 20, 20, 0, 20, 1 },
    { "others", 6, 3, 1, 1.0, 2, 3 },
  };
  static const Expected hta_allow[] = {
    { "A", 40, 40, 40, 0, 40, 0 },
    { "B", 20, 20, 20, 0, 20, 0 },
    { "D", 1, 1, 1, 0, 1, 0 },
    { "others", 5, 5, 5, 0, 5, 0 },
  };
  static const Expected better_allow[] = {
    { "A", 40, 30, 10, 14.142135623730951, 20, 2 },
    { "B", 20, 20, 20, 0, 20, 1 },
    { "D", 1, 1, 1, 0, 1, 1 },
    { "others", 5, 3, 2, 0.7071067811865476, 2.5, 2 },
  };

  static const struct
  {
    int             num_kernels;
    double          ratio;
    const char     *allow;
    const Expected *hta;
    const Expected *better;
    guint           n_rows;
  } cases[] = {
    { 2, 0.8, NULL, hta, better, 3 },
    /* the duration ratio alone: q = 62.5 at 0.5 puts C and D out */
    { 3, 0.5, NULL, hta, better, 3 },
    /* allowlisted names stay, as literal substrings */
    { 2, 0.8, "D", hta_allow, better_allow, 4 },
    /* a pattern is not a regular expression */
    { 2, 0.8, "[D]", hta, better, 3 },
  };

  for (int mode = HP_MODE_DEFAULT; mode <= HP_MODE_HTA_COMPAT; mode++)
    {
      HpTrace *trace = mode == HP_MODE_DEFAULT ? fixture->trace : fixture->compat;
      gboolean compat = mode == HP_MODE_HTA_COMPAT;

      for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
        {
          g_autoptr (GPtrArray) tables = NULL;

          g_test_message ("num_kernels %d, ratio %g, allowlist %s", cases[i].num_kernels, cases[i].ratio,
                          cases[i].allow);
          assert_breakdown (cpu_breakdown (trace, cases[i].num_kernels, cases[i].ratio, cases[i].allow, &tables),
                            compat ? cases[i].hta : cases[i].better, cases[i].n_rows, !compat);
        }
    }
}

/* Which annotation each kernel gets (docs/analyses.md §4.2): innermost overlapping on
 * the same (pid, tid), half-open, the later of two equal ones. */
static void
test_kernel_assignment (HpTestTraceFixture *fixture,
                        gconstpointer       data)
{
  static const struct
  {
    const char *s_name;
    const char *annotation;
  } expected[] = {
    { "straddle", "outer" },        /* started before "outer" */
    { "Memset (Device)", "outer" }, /* zero length at the start of "inner" */
    { "in_inner", "inner" },
    { "in_twins", "twin2" },
    { "after_outer", "" }, /* starts where "outer" ends */
    { "across_inner_end", "inner" },
  };

  for (int mode = HP_MODE_DEFAULT; mode <= HP_MODE_HTA_COMPAT; mode++)
    {
      HpTrace *trace = mode == HP_MODE_DEFAULT ? fixture->trace : fixture->compat;
      g_autoptr (GPtrArray) tables = hp_test_run (hp_gpu_kernels_with_user_annotations_compute, trace, NULL);
      const HpRank      *rank = hp_trace_get_rank (trace, 0);
      g_autofree gint32 *assign = hp_user_annotation_assign_kernels (trace, rank);
      HpTable           *table = find_table (tables, "gpu_kernels_with_user_annotations");
      guint              n_assigned = 0;

      g_assert_nonnull (table);
      g_assert_null (hp_table_get_note (table));
      g_assert_cmpuint (hp_table_get_n_rows (table), ==, G_N_ELEMENTS (expected));
      for (guint row = 0; row < G_N_ELEMENTS (expected); row++)
        {
          const char *ann = expected[row].annotation;
          gint64      id = *ann != '\0' ? (gint64)hp_trace_lookup_string (trace, ann) : -1;

          g_assert_cmpstr (hp_table_get_string (table, row, hp_test_column (table, "s_name")), ==, expected[row].s_name);
          g_assert_cmpstr (hp_table_get_string (table, row, hp_test_column (table, "s_user_annotation")), ==, ann);
          g_assert_cmpint (hp_table_get_int (table, row, hp_test_column (table, "user_annotation")), ==, id);
          g_assert_cmpint (hp_table_get_int (table, row, hp_test_column (table, "rank")), ==, 0);
          g_assert_cmpint (hp_table_get_int (table, row, hp_test_column (table, "stream")), ==, 7);
          g_assert_cmpint (hp_table_get_int (table, row, hp_test_column (table, "iteration")), ==, -1);
          g_assert_cmpstr (hp_table_get_string (table, row, hp_test_column (table, "s_cat")), ==,
                           row == 1 ? "gpu_memset" : "kernel");
        }
      g_assert_cmpfloat (hp_table_get_double (table, 0, hp_test_column (table, "ts")), ==, 990);
      g_assert_cmpfloat (hp_table_get_double (table, 0, hp_test_column (table, "dur")), ==, 20);

      /* the public helper: one entry per row, annotations by event */
      for (guint row = 0; row < rank->n_rows; row++)
        if (assign[row] >= 0)
          {
            g_assert_true (rank->kind[assign[row]] == HP_EVENT_KIND_GPU_ANNOTATION);
            n_assigned++;
          }
      g_assert_cmpuint (n_assigned, ==, 5);
    }
}

static void
test_kernel_names (HpTestTraceFixture *fixture,
                   gconstpointer       data)
{
  HpTrace          *trace = fixture->trace;
  HpAnalysisParams *params = &fixture->params;
  hp_analysis_params_set_boolean (params, &hp_kernels_with_annotations_shorten_names_spec, FALSE);
  {
    g_autoptr (GPtrArray) tables = hp_test_run (hp_gpu_kernels_with_user_annotations_compute, trace, params);
    HpTable *t = g_ptr_array_index (tables, 0);

    g_assert_cmpstr (hp_table_get_string (t, 0, hp_test_column (t, "s_name")), ==, "void straddle<int>(float)");
  }
  hp_analysis_params_set_boolean (params, &hp_kernels_with_annotations_expand_names_spec, FALSE);
  {
    g_autoptr (GPtrArray) tables = hp_test_run (hp_gpu_kernels_with_user_annotations_compute, trace, params);
    HpTable *t = g_ptr_array_index (tables, 0);

    g_assert_cmpint (hp_table_find_column (t, "s_name"), ==, -1);
    g_assert_cmpint (hp_table_find_column (t, "s_user_annotation"), ==, -1);
    g_assert_cmpint (hp_table_find_column (t, "s_cat"), ==, -1);
    g_assert_cmpuint (hp_table_get_n_rows (t), ==, 6);
    g_assert_cmpint (hp_table_get_int (t, 2, hp_test_column (t, "index")), ==, 19);
    g_assert_cmpint (hp_table_get_int (t, 2, hp_test_column (t, "user_annotation")), ==,
                     hp_trace_lookup_string (trace, "inner"));
  }
}

/* ---------------------------------------------------------------------- */
/* edge cases (docs/analyses.md §19)                                                   */

static void
test_missing_categories (void)
{
  for (int mode = HP_MODE_DEFAULT; mode <= HP_MODE_HTA_COMPAT; mode++)
    {
      g_autoptr (HpTrace) gpu_only = hp_test_load ("edge/user-annotation-gpu-only.json", mode);
      g_autoptr (HpTrace) neither = hp_test_load ("edge/idle-time-synthetic.json", mode);
      g_autoptr (GPtrArray) tables = hp_test_run (hp_user_annotation_breakdown_compute, gpu_only, NULL);
      g_autoptr (GPtrArray) none = hp_test_run (hp_user_annotation_breakdown_compute, neither, NULL);
      g_autoptr (GPtrArray) kernels = hp_test_run (hp_gpu_kernels_with_user_annotations_compute, gpu_only, NULL);
      HpTable *t;

      /* only the GPU table, which says why the CPU one is missing */
      g_assert_cmpuint (tables->len, ==, 1);
      t = g_ptr_array_index (tables, 0);
      g_assert_cmpstr (hp_table_get_name (t), ==, "user_annotation_breakdown_gpu");
      g_assert_cmpstr (hp_table_get_note (t), ==,
                       "The trace has no user_annotation events, so there is no user_annotation_breakdown_cpu table.");
      g_assert_cmpuint (hp_table_get_n_rows (t), ==, 1);
      g_assert_cmpint (hp_table_get_int (t, 0, hp_test_column (t, "rank")), ==, 2);

      /* no annotation of either kind: no table */
      g_assert_cmpuint (none->len, ==, 0);

      t = g_ptr_array_index (kernels, 0);
      g_assert_cmpuint (hp_table_get_n_rows (t), ==, 1);
      g_assert_cmpstr (hp_table_get_string (t, 0, hp_test_column (t, "s_user_annotation")), ==, "step");
    }
}

static void
test_errors (HpTestTraceFixture *fixture,
             gconstpointer       data)
{
  HpTrace          *trace = fixture->trace;
  HpAnalysisFunc    funcs[] = { hp_user_annotation_breakdown_compute, hp_gpu_kernels_with_user_annotations_compute };
  HpAnalysisParams *params = &fixture->params;
  static const int  missing[] = { 1 };
  hp_test_params_set_ranks (params, missing, G_N_ELEMENTS (missing));
  for (guint i = 0; i < G_N_ELEMENTS (funcs); i++)
    hp_test_assert_analysis_fails (funcs[i], trace, params, NULL, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_SUCH_RANK);
  g_clear_pointer (&params->ranks, g_array_unref);

  /* values outside the specs' ranges never reach the analysis: the
   * setters refuse them */
  g_test_expect_message ("hotpath-core", G_LOG_LEVEL_WARNING, "annotation_duration_ratio takes a number from 0 to 1, not '1.5'*");
  hp_analysis_params_set_double (params, &hp_user_annotation_duration_ratio_spec, 1.5);
  g_test_assert_expected_messages ();
  g_assert_cmpfloat (hp_analysis_params_get_double (params, &hp_user_annotation_duration_ratio_spec), ==, 0.8);
  g_test_expect_message ("hotpath-core", G_LOG_LEVEL_WARNING, "annotation_num_kernels takes a whole number from 1 to *'-1'*");
  hp_analysis_params_set_int (params, &hp_user_annotation_num_kernels_spec, -1);
  g_test_assert_expected_messages ();
  g_assert_cmpint (hp_analysis_params_get_int (params, &hp_user_annotation_num_kernels_spec), ==, 1000);

  for (guint i = 0; i < G_N_ELEMENTS (funcs); i++)
    hp_test_assert_cancelled (funcs[i], trace);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr (GPtrArray) cases = NULL;

  g_test_init (&argc, &argv, NULL);

  cases = hp_test_golden_cases (NULL, G_FILE_TEST_IS_DIR);
  for (guint i = 0; i < cases->len; i++)
    {
      const char      *c = g_ptr_array_index (cases, i);
      g_autofree char *kernels = hp_test_golden_path (c, "gpu_kernels_with_user_annotations.csv");
      g_autofree char *status = hp_test_golden_status (c, "gpu_kernels_with_user_annotations");
      g_autofree char *cpu_status = hp_test_golden_status (c, "gpu_user_annotation_breakdown_cpu");
      g_autofree char *path = NULL;

      if (cpu_status == NULL)
        continue; /* not a trace HTA analysed (memory timeline export) */
      path = g_strdup_printf ("/core/user-annotation/breakdown/parity/%s", c);
      g_test_add_data_func (path, c, test_breakdown_parity);
      g_clear_pointer (&path, g_free);
      if (g_file_test (kernels, G_FILE_TEST_EXISTS))
        {
          path = g_strdup_printf ("/core/user-annotation/kernels/parity/%s", c);
          g_test_add_data_func (path, c, test_kernels_parity);
        }
      else if (g_strcmp0 (status, "empty") == 0)
        {
          path = g_strdup_printf ("/core/user-annotation/kernels/absent/%s", c);
          g_test_add_data_func (path, c, test_kernels_absent);
        }
    }

  hp_test_add_trace ("/core/user-annotation/hta-tests/breakdown", "hta_ns_resolution", hp_test_trace_setup_compat,
                     test_ns_resolution_breakdown);
  hp_test_add_trace ("/core/user-annotation/hta-tests/kernels", "hta_ns_resolution", hp_test_trace_setup_compat,
                     test_ns_resolution_kernels);
  hp_test_add_trace ("/core/user-annotation/breakdown/statistics", "edge/user-annotation-basic.json",
                     hp_test_trace_setup, test_breakdown_statistics);
  hp_test_add_trace ("/core/user-annotation/breakdown/others", "edge/user-annotation-basic.json", hp_test_trace_setup,
                     test_breakdown_others);
  hp_test_add_trace ("/core/user-annotation/kernels/assignment", "edge/user-annotation-basic.json",
                     hp_test_trace_setup, test_kernel_assignment);
  hp_test_add_trace ("/core/user-annotation/kernels/names", "edge/user-annotation-basic.json",
                     hp_test_trace_setup_default, test_kernel_names);
  g_test_add_func ("/core/user-annotation/missing-categories", test_missing_categories);
  hp_test_add_trace ("/core/user-annotation/errors", "edge/user-annotation-basic.json", hp_test_trace_setup_default,
                     test_errors);

  return g_test_run ();
}
