/* test-kernel-sequences.c — tests of the frequent and repeated kernel sequences (docs/analyses.md §9).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "hp-core.h"
#include "hp-test-utils.h"

typedef struct
{
  char *operator_name;
  int   rank;
  guint min_pattern_len;
  guint top_k;
} Choice;

static void
read_choice (const char *case_name,
             const char *file,
             Choice     *choice)
{
  g_autofree char *path = hp_test_golden_path (case_name, file);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  JsonObject *o;

  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);
  o = json_node_get_object (json_parser_get_root (parser));
  choice->operator_name = g_strdup (json_object_get_string_member (o, "operator_name"));
  choice->rank = (int)json_object_get_int_member (o, "rank");
  choice->min_pattern_len = (guint)json_object_get_int_member_with_default (o, "min_pattern_len", 3);
  choice->top_k = (guint)json_object_get_int_member_with_default (o, "top_k", 5);
}

/* the events of an overlaid trace, parsed */
static JsonNode *
read_overlaid (const char *path)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (GInputStream) raw = G_INPUT_STREAM (g_file_read (file, NULL, &error));
  g_autoptr (GZlibDecompressor) dec = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
  g_autoptr (GInputStream) in = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();

  g_assert_no_error (error);
  in = g_converter_input_stream_new (raw, G_CONVERTER (dec));
  json_parser_load_from_stream (parser, in, NULL, &error);
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

/* checks the overlaid trace against the patterns: the events of the top
 * patterns carry them, the others lost their args and got a symbol id */
static void
check_overlaid (HpTrace           *trace,
                const HpRank      *rank,
                HpKernelSequences *seq,
                const char        *path,
                guint              top_k)
{
  g_autoptr (JsonNode) root = read_overlaid (path);
  JsonArray *events = json_object_get_array_member (json_node_get_object (root), "traceEvents");
  g_autoptr (GHashTable) marked = g_hash_table_new (NULL, NULL);
  guint       n_marked = 0, n_renamed = 0, n_dict = 0;
  JsonObject *dictionary = NULL;

  g_assert_cmpuint (json_array_get_length (events), ==, rank->n_json_events);
  for (guint i = 0; i < MIN (top_k, hp_kernel_sequences_get_n_patterns (seq)); i++)
    {
      guint          n;
      const guint32 *occ = hp_kernel_sequences_get_occurrences (seq, i, &n);

      for (guint k = 0; k < n; k++)
        g_hash_table_add (marked, GUINT_TO_POINTER (rank->index[occ[k]] + 1));
    }

  for (guint i = 0; i < json_array_get_length (events); i++)
    {
      JsonObject *ev = json_array_get_object_element (events, i);
      JsonObject *args = json_object_has_member (ev, "args") ? json_object_get_object_member (ev, "args") : NULL;
      gboolean    is_marked = g_hash_table_contains (marked, GUINT_TO_POINTER (i + 1));

      g_assert_cmpint (args != NULL && json_object_has_member (args, "Patterns"), ==, is_marked);
      if (is_marked)
        {
          JsonObject *p = json_object_get_object_member (args, "Patterns");

          n_marked++;
          g_assert_cmpuint (json_object_get_size (p), >=, 1);
        }
      else if (g_strcmp0 (json_object_get_string_member_with_default (ev, "ph", ""), "X") == 0 &&
               g_strcmp0 (json_object_get_string_member_with_default (ev, "cat", ""), "Trace") != 0)
        {
          const char *name = json_object_get_string_member (ev, "name");

          g_assert_nonnull (args);
          g_assert_cmpuint (json_object_get_size (args), ==, 0);
          g_assert_true (g_ascii_isdigit (name[0]));
          g_assert_cmpstr (hp_trace_get_string (trace, (guint32)g_ascii_strtoull (name, NULL, 10)), !=, NULL);
          n_renamed++;
        }
      if (g_strcmp0 (json_object_get_string_member_with_default (ev, "cat", ""), "Trace") == 0 && args != NULL &&
          json_object_get_size (args) > 0 && !is_marked)
        dictionary = args, n_dict++;
    }
  g_assert_cmpuint (n_marked, ==, g_hash_table_size (marked));
  g_assert_cmpuint (n_marked, >, 0);
  g_assert_cmpuint (n_renamed, >, 0);
  if (dictionary != NULL)
    g_assert_cmpuint (json_object_get_size (dictionary), ==, hp_trace_get_n_strings (trace));
}

static void
test_golden (HpTestTraceFixture *fixture,
             gconstpointer       data)
{
  const char *case_name = data;
  Choice      choice = { 0 };

  read_choice (case_name, "frequent_cuda_kernel_sequences_choice.json", &choice);
  for (HpMode mode = HP_MODE_DEFAULT; mode <= HP_MODE_HTA_COMPAT; mode++)
    {
      HpTrace *trace = mode == HP_MODE_HTA_COMPAT ? fixture->compat : fixture->trace;
      g_autoptr (GError) error = NULL;
      g_autoptr (HpKernelSequences) seq = NULL;
      g_autofree char *golden = hp_test_golden_path (case_name, "frequent_cuda_kernel_sequences.csv");
      g_autofree char *dir = g_dir_make_tmp ("hp-patterns-XXXXXX", &error);
      g_autofree char *path = NULL;
      const HpRank    *rank = hp_trace_find_rank (trace, choice.rank);

      g_assert_nonnull (rank);
      seq = hp_kernel_sequences_find (trace, rank, choice.operator_name, choice.min_pattern_len, NULL, &error);
      g_assert_no_error (error);
      if (mode == HP_MODE_DEFAULT && strcmp (case_name, "hta_negative_queue_length") == 0)
        {
          /* HTA's sort of the backward thread's call stack loses track at a
           * zero-length op after the first step, so it counts the first
           * step's 8 operators only; the four kept steps have 32 */
          HpTable *t = hp_kernel_sequences_get_table (seq);

          g_assert_cmpuint (hp_table_get_n_rows (t), ==, 1);
          g_assert_cmpint (hp_table_get_int (t, 0, 1), ==, 32);
          g_assert_cmpfloat (hp_table_get_double (t, 0, 2), ==, 479.0);
          g_assert_cmpfloat (hp_table_get_double (t, 0, 3), ==, 1711.0);
        }
      else
        hp_test_assert_table_matches_golden (hp_kernel_sequences_get_table (seq), golden);

      /* the registry's analysis gives the same table from the same choice
       * (in one mode: each run builds the call graph again) */
      if (mode == HP_MODE_HTA_COMPAT)
        {
          HpAnalysisParams params;
          g_autoptr (GPtrArray) tables = NULL;
          g_autofree char *ours = NULL;
          g_autofree char *direct = NULL;

          hp_analysis_params_init (&params);
          hp_analysis_params_set_string (&params, &hp_kernel_sequences_operator_spec, choice.operator_name);
          hp_analysis_params_set_int (&params, &hp_kernel_sequences_rank_spec, choice.rank);
          hp_analysis_params_set_int (&params, &hp_kernel_sequences_min_pattern_len_spec, (int)choice.min_pattern_len);
          tables = hp_analysis_run (hp_analysis_find ("frequent_cuda_kernel_sequences"), trace, &params, NULL, &error);
          g_assert_no_error (error);
          g_assert_cmpuint (tables->len, ==, 1);
          ours = hp_table_to_csv (tables->pdata[0]);
          direct = hp_table_to_csv (hp_kernel_sequences_get_table (seq));
          g_assert_cmpstr (ours, ==, direct);
          hp_analysis_params_clear (&params);
        }

      /* the overlaid trace, next to nothing else */
      path = hp_kernel_sequences_overlaid_path (rank, dir);
      g_assert_true (g_str_has_suffix (path, rank->basename));
      hp_kernel_sequences_write_overlaid (seq, path, choice.top_k, TRUE, NULL, &error);
      g_assert_no_error (error);
      check_overlaid (trace, rank, seq, path, choice.top_k);
      g_assert_cmpint (g_remove (path), ==, 0);
      g_assert_cmpint (g_rmdir (dir), ==, 0);
    }
  g_free (choice.operator_name);
}

/* HTA's test_no_frequent_cuda_kernel_sequences_found: an empty table */
static void
test_none_found (HpTestTraceFixture *fixture,
                 gconstpointer       data)
{
  HpTrace *trace = fixture->compat;
  g_autoptr (GError) error = NULL;
  Choice             choice = { 0 };
  HpKernelSequences *seq;

  read_choice ("hta_df_index_resolver", "testcfg_frequent_aten_clone_rank1.json", &choice);
  seq = hp_kernel_sequences_find (trace, hp_trace_find_rank (trace, choice.rank), choice.operator_name, 3, NULL,
                                  &error);
  g_assert_null (seq);
  g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA);
  g_assert_nonnull (strstr (error->message, "aten::clone"));
  g_clear_error (&error);

  seq = hp_kernel_sequences_find (trace, hp_trace_find_rank (trace, 1), "", 3, NULL, &error);
  g_assert_null (seq);
  g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER);
  g_free (choice.operator_name);
}

/* the golden's choice: the most frequent operator launching 3 kernels or more */
static void
test_candidates (HpTestTraceFixture *fixture,
                 gconstpointer       data)
{
  HpTrace *trace = fixture->compat;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) names = hp_kernel_sequences_operator_candidates (trace, hp_trace_get_rank (trace, 0), 3,
                                                                         NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (names->len, >=, 5);
  g_assert_cmpstr (g_ptr_array_index (names, 0), ==, "aten::_convolution");
  g_assert_cmpstr (g_ptr_array_index (names, 1), ==, "aten::conv2d");
  g_assert_cmpstr (g_ptr_array_index (names, 2), ==, "aten::convolution");
  g_assert_cmpstr (g_ptr_array_index (names, 3), ==, "aten::cudnn_convolution");
  g_assert_cmpstr (g_ptr_array_index (names, 4), ==, "aten::addmm");
}

/* A hand-made ns-resolution trace with a string GPU tid, zero-duration ops
 * at the start and the end of their parents and a negative duration tied
 * with zero durations, where HTA aborts. */
static void
test_hand_made (void)
{
  g_autofree char *path = hp_test_data_path ("edge", "kernel-sequences.json", NULL);

  /* HTA rounds ns-resolution times to whole us, which gives the
   * zero-length ops a duration of -1, and then aborts; the HTA-compatible
   * mode goes on */
  {
    HpLoadOptions options = { .mode = HP_MODE_HTA_COMPAT };
    g_autoptr (HpTrace) trace = hp_test_load_with_options (path, &options);
    g_autoptr (GError) error = NULL;
    g_autoptr (HpKernelSequences) seq =
        hp_kernel_sequences_find (trace, hp_trace_get_rank (trace, 0), "linear", 3, NULL, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (hp_kernel_sequences_get_n_patterns (seq), >=, 1);
  }

  {
    HpLoadOptions options = { .mode = HP_MODE_DEFAULT };
    g_autoptr (HpTrace) trace = hp_test_load_with_options (path, &options);
    const HpRank *rank = hp_trace_get_rank (trace, 0);
    g_autoptr (GError) error = NULL;
    g_autoptr (HpKernelSequences) seq = hp_kernel_sequences_find (trace, rank, "linear", 3, NULL, &error);
    g_autoptr (HpTable) expected = hp_test_table_from_csv (
        HP_KERNEL_SEQUENCES_TABLE, NULL, "pattern:s;count:i;GPU kernel duration (us):d:us;CPU op duration (us):d:us",
        "aten::linear|gemm|bias|relu,2,26.75,90\n"
        "aten::linear|gemm|relu|bias,1,12,40\n");
    g_autofree char *csv = NULL;
    g_autofree char *want = NULL;
    g_autofree char *dir = g_dir_make_tmp ("hp-patterns-XXXXXX", NULL);
    g_autofree char *out = NULL;
    guint            n;

    g_assert_no_error (error);
    csv = hp_table_to_csv (hp_kernel_sequences_get_table (seq));
    want = hp_table_to_csv (expected);
    g_assert_cmpstr (csv, ==, want);

    /* two roots, each with itself, 3 launches, 3 kernels and a zero-length op */
    hp_kernel_sequences_get_occurrences (seq, 0, &n);
    g_assert_cmpuint (n, ==, 16);
    hp_kernel_sequences_get_roots (seq, 0, &n);
    g_assert_cmpuint (n, ==, 2);

    /* min_pattern_len 2 adds the third linear */
    g_clear_pointer (&seq, hp_kernel_sequences_free);
    seq = hp_kernel_sequences_find (trace, rank, "linear", 2, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (hp_kernel_sequences_get_n_patterns (seq), ==, 3);
    g_assert_cmpstr (hp_table_get_string (hp_kernel_sequences_get_table (seq), 1, 0), ==,
                     "aten::linear|gemm|bias");

    /* the overlaid trace, plain JSON, uncompressed */
    out = g_build_filename (dir, "overlaid.json", NULL);
    hp_kernel_sequences_write_overlaid (seq, out, 1, FALSE, NULL, &error);
    g_assert_no_error (error);
    {
      g_autoptr (JsonParser) parser = json_parser_new ();
      JsonArray *events;
      guint      marked = 0;

      json_parser_load_from_file (parser, out, &error);
      g_assert_no_error (error);
      events = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "traceEvents");
      for (guint i = 0; i < json_array_get_length (events); i++)
        {
          JsonObject *ev = json_array_get_object_element (events, i);
          JsonObject *args = json_object_get_object_member (ev, "args");

          /* without compression names and args stay */
          g_assert_false (g_ascii_isdigit (json_object_get_string_member (ev, "name")[0]));
          if (args != NULL && json_object_has_member (args, "Patterns"))
            {
              JsonObject *p = json_object_get_object_member (args, "Patterns");

              g_assert_cmpint (json_object_get_int_member (p, "aten::linear|gemm|bias|relu"), ==, 2);
              marked++;
            }
        }
      g_assert_cmpuint (marked, ==, 16);
    }
    g_assert_cmpint (g_remove (out), ==, 0);

    /* never over the input */
    g_assert_false (hp_kernel_sequences_write_overlaid (seq, path, 1, TRUE, NULL, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
    g_clear_error (&error);
    g_assert_cmpint (g_rmdir (dir), ==, 0);
  }
}

/* The cases where HTA's call graph aborts (ns-resolution times, negative
 * durations tied with zero ones): every pattern stands for its roots */
static void
test_no_abort (void)
{
  static const char *const cases[][2] = {
    { "hta_ns_resolution", "aten::conv2d" },
    { "hta_nccl_parser_config", "aten::conv2d" },
    { "hta_mtia_single_rank", "aten::mul" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    for (HpMode mode = HP_MODE_DEFAULT; mode <= HP_MODE_HTA_COMPAT; mode++)
      {
        g_autoptr (HpTrace) trace = hp_test_load (cases[c][0], mode);
        const HpRank *rank = hp_trace_get_rank (trace, 0);
        g_autoptr (GError) error = NULL;
        g_autoptr (HpKernelSequences) seq = hp_kernel_sequences_find (trace, rank, cases[c][1], 1, NULL, &error);
        HpTable *t;

        g_assert_no_error (error);
        t = hp_kernel_sequences_get_table (seq);
        g_assert_cmpuint (hp_table_get_n_rows (t), >, 0);
        for (guint row = 0; row < hp_table_get_n_rows (t); row++)
          {
            guint          n;
            const guint32 *roots = hp_kernel_sequences_get_roots (seq, row, &n);
            const char    *pattern = hp_table_get_string (t, row, 0);

            g_assert_cmpint (hp_table_get_int (t, row, 1), ==, n);
            for (guint k = 0; k < n; k++)
              {
                const char *name = hp_trace_get_string (trace, rank->name[roots[k]]);

                g_assert_nonnull (strstr (name, cases[c][1]));
                g_assert_true (g_str_has_prefix (pattern, name));
                g_assert_cmpint (pattern[strlen (name)], ==, '|');
              }
          }
      }
}

/* beyond HTA: the repeated sequences of a hand-made stream */
static void
test_repeated (void)
{
  g_autofree char *path = hp_test_data_path ("edge", "repeated-kernels.json", NULL);
  HpLoadOptions    options = { 0 };
  g_autoptr (HpTrace) trace = hp_test_load_with_options (path, &options);
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTable) t = hp_repeated_sequences_table (trace, hp_trace_get_rank (trace, 0), 3, 128, 20, NULL, &error);
  g_autoptr (HpTable) expected = hp_test_table_from_csv (
      HP_REPEATED_SEQUENCES_TABLE, NULL,
      "rank:i;device:i;stream:i;length:i;count:i;total duration (us):d:us;mean duration (us):d:us;"
      "stream time (%):d:%;first start (us):d:us;kernels:s",
      "0,0,7,5,3,45,15,75,100,a|b|c|d|e\n"
      "0,0,8,3,2,12,6,100,100,x|y|z\n");
  g_autofree char *csv = NULL;
  g_autofree char *want = NULL;

  g_assert_no_error (error);
  csv = hp_table_to_csv (t);
  want = hp_table_to_csv (expected);
  g_assert_cmpstr (csv, ==, want);

  /* shorter than the shortest: nothing */
  g_clear_pointer (&t, hp_table_unref);
  t = hp_repeated_sequences_table (trace, hp_trace_get_rank (trace, 0), 6, 128, 20, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hp_table_get_n_rows (t), ==, 0);
}

/* a frequent_cuda_kernel_sequences table by the registry, on @scope_text */
static HpTable *
registry_table (HpTrace    *trace,
                const char *scope_text,
                const char *operator_name)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HpScope) scope = hp_scope_parse (scope_text, &error);
  g_autoptr (HpTrace) scoped = NULL;
  g_autoptr (GPtrArray) tables = NULL;
  HpAnalysisParams params;

  g_assert_no_error (error);
  scoped = hp_trace_apply_scope (trace, scope, &error);
  g_assert_no_error (error);
  hp_analysis_params_init (&params);
  hp_analysis_params_set_string (&params, &hp_kernel_sequences_operator_spec, operator_name);
  tables = hp_analysis_run (hp_analysis_find ("frequent_cuda_kernel_sequences"), scoped, &params, NULL, &error);
  hp_analysis_params_clear (&params);
  g_assert_no_error (error);
  g_assert_cmpuint (tables->len, ==, 1);
  return hp_table_ref (tables->pdata[0]);
}

/* The registry's analysis on scopes of the hand-made trace (it starts at
 * 1010.5 us): the linear ops at 1010.5 (50 us) and 1060.5 (40 us) launch
 * gemm, bias, relu; the one at 1150 (40 us) gemm, relu, bias. A range
 * clips the ops to it in the default mode. */
static void
test_registry_scoped (void)
{
  g_autofree char *path = hp_test_data_path ("edge", "kernel-sequences.json", NULL);
  HpLoadOptions    options = { .mode = HP_MODE_DEFAULT };
  g_autoptr (HpTrace) trace = hp_test_load_with_options (path, &options);
  g_autoptr (HpTable) whole = registry_table (trace, "whole", "linear");
  g_autoptr (HpTable) late = registry_table (trace, "range:55-300", "linear");
  g_autoptr (HpTable) last = registry_table (trace, "range:140-300", "linear");
  g_autoptr (HpTable) none = registry_table (trace, "range:0-20", "linear");
  g_autoptr (HpTable) any = registry_table (trace, "whole", NULL);

  g_assert_cmpuint (hp_table_get_n_rows (whole), ==, 2);
  g_assert_cmpint (hp_table_get_int (whole, 0, 1), ==, 2);
  g_assert_cmpfloat (hp_table_get_double (whole, 0, 3), ==, 90);
  /* 1065.5 to 1310.5: the second op of the first pattern, 35 us of it
   * inside, and the last op whole */
  g_assert_cmpuint (hp_table_get_n_rows (late), ==, 2);
  g_assert_cmpstr (hp_table_get_string (late, 0, 0), ==, "aten::linear|gemm|bias|relu");
  g_assert_cmpint (hp_table_get_int (late, 0, 1), ==, 1);
  g_assert_cmpfloat (hp_table_get_double (late, 0, 3), ==, 35);
  g_assert_cmpstr (hp_table_get_string (late, 1, 0), ==, "aten::linear|gemm|relu|bias");
  g_assert_cmpfloat (hp_table_get_double (late, 1, 3), ==, 40);
  /* 1150.5 to 1310.5: the last op, 39.5 us of it, and its 12 us of kernels */
  g_assert_cmpuint (hp_table_get_n_rows (last), ==, 1);
  g_assert_cmpstr (hp_table_get_string (last, 0, 0), ==, "aten::linear|gemm|relu|bias");
  g_assert_cmpfloat (hp_table_get_double (last, 0, 2), ==, 12);
  g_assert_cmpfloat (hp_table_get_double (last, 0, 3), ==, 39.5);
  /* nothing launches three kernels there: HTA's empty table, the reason noted */
  g_assert_cmpuint (hp_table_get_n_rows (none), ==, 0);
  g_assert_cmpuint (hp_table_get_n_columns (none), ==, 4);
  g_assert_nonnull (strstr (hp_table_get_note (none), "linear"));
  /* without an operator, the most frequent one that launches enough */
  g_assert_cmpuint (hp_table_get_n_rows (any), ==, 2);
  g_assert_nonnull (strstr (hp_table_get_note (any), "aten::linear"));
}

/* a pattern row stands for every event of all its occurrences; a rank
 * that is not loaded is an error naming the loaded ones */
static void
test_registry_rows (void)
{
  g_autofree char *path = hp_test_data_path ("edge", "kernel-sequences.json", NULL);
  HpLoadOptions    options = { .mode = HP_MODE_DEFAULT };
  g_autoptr (HpTrace) trace = hp_test_load_with_options (path, &options);
  const HpRank     *rank = hp_trace_get_rank (trace, 0);
  const HpAnalysis *analysis = hp_analysis_find ("frequent_cuda_kernel_sequences");
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) tables = NULL;
  g_autoptr (HpLinkedEvents) linked = NULL;
  HpAnalysisParams params;
  guint            n_roots = 0;

  hp_analysis_params_init (&params);
  hp_analysis_params_set_string (&params, &hp_kernel_sequences_operator_spec, "linear");
  tables = hp_analysis_run (analysis, trace, &params, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (hp_analysis_table_has_row_events (tables->pdata[0]));
  linked = hp_analysis_row_events (trace, tables->pdata[0], 0, &params);
  g_assert_nonnull (linked);
  g_assert_cmpint (linked->rank, ==, 0);
  for (guint i = 0; i < linked->events->len; i++)
    {
      guint32 e = g_array_index (linked->events, guint32, i);

      if (g_str_equal (hp_trace_get_string (trace, rank->name[e]), "aten::linear"))
        n_roots++;
      if (i > 0)
        g_assert_cmpint (rank->ts[g_array_index (linked->events, guint32, i - 1)], <=, rank->ts[e]);
    }
  /* the two linear ops, their three launches and three kernels each at least */
  g_assert_cmpuint (n_roots, ==, 2);
  g_assert_cmpuint (linked->events->len, >=, 2 + 6);
  g_assert_nonnull (strstr (linked->description, "2 occurrences"));

  hp_analysis_params_set_int (&params, &hp_kernel_sequences_rank_spec, 7);
  g_clear_pointer (&tables, g_ptr_array_unref);
  tables = hp_analysis_run (analysis, trace, &params, NULL, &error);
  g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_SUCH_RANK);
  g_assert_nonnull (strstr (error->message, "rank 7"));
  g_assert_nonnull (strstr (error->message, "loaded: 0"));
  hp_analysis_params_clear (&params);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  hp_test_add_golden_traces ("/core/kernel-sequences/golden", "frequent_cuda_kernel_sequences.csv",
                             G_FILE_TEST_IS_DIR, hp_test_trace_setup, test_golden);
  hp_test_add_trace ("/core/kernel-sequences/none-found", "hta_df_index_resolver", hp_test_trace_setup_compat,
                     test_none_found);
  hp_test_add_trace ("/core/kernel-sequences/candidates", "hta_cp_alexnet", hp_test_trace_setup_compat,
                     test_candidates);
  g_test_add_func ("/core/kernel-sequences/hand-made", test_hand_made);
  g_test_add_func ("/core/kernel-sequences/no-abort", test_no_abort);
  hp_test_add_cancelled_test ("/core/kernel-sequences/repeated-cancelled", hp_repeated_sequences_compute,
                              "hta_trace_filter_2ranks");
  g_test_add_func ("/core/kernel-sequences/repeated", test_repeated);
  g_test_add_func ("/core/kernel-sequences/registry-scoped", test_registry_scoped);
  g_test_add_func ("/core/kernel-sequences/registry-rows", test_registry_rows);

  return g_test_run ();
}
