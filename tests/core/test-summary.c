/* test-summary.c — rank summaries: the tables of a job opened from them equal a full load's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <zlib.h>

#include "hp-core.h"
#include "hp-test-utils.h"

#define CASE "hta_trace_filter_2ranks"

typedef struct
{
  char *dir;        /* temporary */
  char *traces[2];  /* the case's rank files */
  char *summary[2]; /* their summaries in dir */
} Fixture;

static void
fixture_set_up (Fixture      *f,
                gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  f->dir = g_dir_make_tmp ("hotpath-summary-XXXXXX", &error);
  g_assert_no_error (error);
  for (guint r = 0; r < 2; r++)
    {
      g_autofree char *name = g_strdup_printf ("sampled_rank-%u.json.gz", r);
      g_autoptr (HpSummary) s = NULL;
      g_autofree char *file = NULL;

      f->traces[r] = hp_test_data_path (CASE, name, NULL);
      s = hp_summary_new_for_trace (f->traces[r], NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpint (hp_summary_get_rank (s), ==, (int)r);
      g_assert_cmpuint (strlen (hp_summary_get_trace_sha256 (s)), ==, 64);
      file = hp_summary_dup_file_name (s);
      g_assert_true (g_str_has_suffix (file, HP_SUMMARY_SUFFIX));
      f->summary[r] = g_build_filename (f->dir, file, NULL);
      g_assert_true (hp_summary_write (s, f->summary[r], &error));
      g_assert_no_error (error);
    }
}

static void
remove_dir (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);

  for (const char *name = d != NULL ? g_dir_read_name (d) : NULL; name != NULL; name = g_dir_read_name (d))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_remove (path);
    }
  g_rmdir (dir);
}

static void
fixture_tear_down (Fixture      *f,
                   gconstpointer data)
{
  remove_dir (f->dir);
  g_free (f->dir);
  for (guint r = 0; r < 2; r++)
    {
      g_free (f->traces[r]);
      g_free (f->summary[r]);
    }
}

static HpTrace *
open_paths (const char *const *paths,
            HpMode             mode)
{
  g_autoptr (GError) error = NULL;
  HpLoadOptions options = { 0 };
  HpTrace      *trace;

  options.mode = mode;
  trace = hp_paths_have_summaries (paths) ? hp_summary_load_paths (paths, &options, NULL, &error)
                                          : hp_load_paths (paths, &options, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (trace);
  return trace;
}

/* every table of the default set, as CSV, by name */
static GHashTable *
default_tables (HpTrace *trace,
                GString *refused)
{
  GHashTable              *out = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  guint                    n;
  const HpAnalysis *const *list = hp_analysis_list (&n);

  for (guint a = 0; a < n; a++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) tables = NULL;

      if (!list[a]->in_default_set)
        continue;
      tables = hp_analysis_run (list[a], trace, NULL, NULL, &error);
      if (tables == NULL)
        {
          g_assert_nonnull (refused);
          g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA);
          g_string_append_printf (refused, "%s;", list[a]->name);
          continue;
        }
      for (guint t = 0; t < tables->len; t++)
        g_hash_table_insert (out, g_strdup (hp_table_get_name (tables->pdata[t])),
                             hp_table_to_csv (tables->pdata[t]));
    }
  return out;
}

static void
assert_same_tables (const char *const *full_paths,
                    const char *const *summary_paths,
                    HpMode             mode,
                    const char        *expect_refused)
{
  g_autoptr (HpTrace) full = open_paths (full_paths, mode);
  g_autoptr (HpTrace) job = open_paths (summary_paths, mode);
  g_autoptr (GString) refused = g_string_new (NULL);
  g_autoptr (GHashTable) a = default_tables (full, NULL);
  g_autoptr (GHashTable) b = default_tables (job, refused);
  GHashTableIter it;
  gpointer       name, csv;
  guint          n_compared = 0;

  g_assert_nonnull (hp_trace_get_summaries (job));
  g_assert_null (hp_trace_get_summaries (full));
  g_assert_cmpuint (hp_trace_get_n_ranks (job), ==, hp_trace_get_n_ranks (full));
  g_assert_cmpstr (refused->str, ==, expect_refused);
  g_hash_table_iter_init (&it, a);
  while (g_hash_table_iter_next (&it, &name, &csv))
    {
      const char *other = g_hash_table_lookup (b, name);

      if (other == NULL && strstr (expect_refused, "aten_op") != NULL &&
          g_str_has_prefix (name, "aten_op_kernels_and_delay"))
        continue;
      g_test_message ("%s", (const char *)name);
      g_assert_nonnull (other);
      g_assert_cmpstr (other, ==, csv);
      n_compared++;
    }
  /* the default set has sixteen tables on this case */
  g_assert_cmpuint (n_compared, >=, 15);
}

static void
test_same_tables (Fixture      *f,
                  gconstpointer data)
{
  g_autofree char  *folder = hp_test_data_path (CASE, NULL);
  const char *const full[] = { folder, NULL };
  const char *const sums[] = { f->dir, NULL };

  assert_same_tables (full, sums, HP_MODE_DEFAULT, "");
  /* HTA's operator search of --hta-compat crosses ranks: it says so */
  assert_same_tables (full, sums, HP_MODE_HTA_COMPAT, "aten_op_kernels_and_delay;");
}

static void
test_mixed (Fixture      *f,
            gconstpointer data)
{
  g_autofree char  *folder = hp_test_data_path (CASE, NULL);
  const char *const full[] = { folder, NULL };
  const char *const mixed[] = { f->summary[0], f->traces[1], NULL };

  assert_same_tables (full, mixed, HP_MODE_DEFAULT, "");
}

static void
test_needs_full (Fixture      *f,
                 gconstpointer data)
{
  const char *const sums[] = { f->dir, NULL };
  g_autoptr (HpTrace) job = open_paths (sums, HP_MODE_DEFAULT);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) tables = NULL;
  HpAnalysisParams params;

  tables = hp_analysis_run (hp_analysis_find ("critical_path"), job, NULL, NULL, &error);
  g_assert_null (tables);
  g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA);
  /* it names the ranks and where their traces are */
  g_assert_nonnull (strstr (error->message, "rank 0"));
  g_assert_nonnull (strstr (error->message, "rank 1"));
  g_assert_nonnull (strstr (error->message, "sampled_rank-1.json.gz"));
  g_clear_error (&error);

  /* the summaries hold the tables of the default parameters */
  hp_analysis_params_init (&params);
  hp_analysis_params_set_int (&params, &hp_kernel_breakdown_num_kernels_spec, 3);
  tables = hp_analysis_run (hp_analysis_find ("gpu_kernel_breakdown"), job, &params, NULL, &error);
  g_assert_null (tables);
  g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA);
  g_clear_error (&error);

  /* the trace and tree diffs read every event */
  {
    HpTraceDiffParams diff;

    hp_trace_diff_params_init (&diff);
    g_assert_null (hp_trace_diff_compare (job, job, &diff, NULL, &error));
    g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA);
    g_clear_error (&error);
    g_assert_null (hp_tree_diff_full (job, job, &diff, NULL, &error));
    g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA);
    g_clear_error (&error);
    hp_trace_diff_params_clear (&diff);
  }

  /* a rank selection is answered */
  hp_test_params_set_ranks (&params, (const int[]){ 1 }, 1);
  hp_analysis_params_set_int (&params, &hp_kernel_breakdown_num_kernels_spec, 10);
  tables = hp_analysis_run (hp_analysis_find ("temporal_breakdown"), job, &params, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hp_table_get_n_rows (tables->pdata[0]), ==, 1);
  g_assert_cmpint (hp_table_get_int (tables->pdata[0], 0, hp_table_find_column (tables->pdata[0], "rank")), ==, 1);
  hp_analysis_params_clear (&params);
}

static void
test_health_and_lanes (Fixture      *f,
                       gconstpointer data)
{
  const char *const sums[] = { f->dir, NULL };
  g_autoptr (HpTrace) job = open_paths (sums, HP_MODE_DEFAULT);
  g_autoptr (HpHealthReport) report = hp_health_check (job, NULL);
  GPtrArray *summaries = hp_trace_get_summaries (job);
  gboolean   rank1 = FALSE, note = FALSE;
  guint      missing = 0, unpaired = 0;

  /* the checks across ranks run on the summaries: the job's missing
   * ranks once (not each summary's own), its unpaired collectives */
  for (guint i = 0; i < hp_health_report_get_n_findings (report); i++)
    {
      const HpHealthFinding *finding = hp_health_report_get_finding (report, i);

      rank1 |= finding->rank == 1;
      note |= g_strcmp0 (finding->code, "summaries-only") == 0;
      missing += g_strcmp0 (finding->code, "missing-ranks") == 0;
      if (g_strcmp0 (finding->code, "unpaired-collectives") == 0)
        unpaired = (guint)finding->count;
      if (g_strcmp0 (finding->code, "missing-ranks") == 0)
        g_assert_nonnull (strstr (finding->message, "but 2 files: ranks 2–127"));
    }
  g_assert_true (rank1);
  g_assert_false (note);
  g_assert_cmpuint (missing, ==, 1);
  g_assert_cmpuint (unpaired, ==, 4);

  g_assert_cmpuint (summaries->len, ==, 2);
  for (guint k = 0; k < summaries->len; k++)
    {
      g_autoptr (GArray) lanes = hp_summary_get_lanes (summaries->pdata[k], hp_trace_get_min_ts (job));
      g_autoptr (GArray) steps = hp_summary_get_steps (summaries->pdata[k], hp_trace_get_min_ts (job));
      guint busy = 0, gpu = 0;

      g_assert_cmpuint (lanes->len, >, 0);
      g_assert_cmpuint (steps->len, >, 0);
      for (guint l = 0; l < lanes->len; l++)
        {
          const HpSummaryLane *lane = &g_array_index (lanes, HpSummaryLane, l);

          g_assert_cmpint (lane->start, >=, 0);
          g_assert_cmpint (lane->end, >, lane->start);
          gpu += lane->is_gpu;
          for (guint b = 0; b < lane->n_bins; b++)
            busy += lane->bins[b] > 0;
        }
      g_assert_cmpuint (gpu, >, 0);
      g_assert_cmpuint (busy, >, 0);
    }
}

static void
assert_same_runs (GPtrArray *a,
                  GPtrArray *b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint t = 0; t < a->len; t++)
    {
      g_autofree char *x = hp_table_to_csv (a->pdata[t]);
      g_autofree char *y = hp_table_to_csv (b->pdata[t]);

      g_test_message ("%s", hp_table_get_name (a->pdata[t]));
      g_assert_cmpstr (x, ==, y);
    }
}

/* compare and check of summaries give what they give of the traces, step
 * times, memory, communication and op sums included */
static void
test_compare_and_check (Fixture      *f,
                        gconstpointer data)
{
  g_autofree char  *folder = hp_test_data_path (CASE, NULL);
  const char *const full[] = { folder, NULL };
  const char *const sums[] = { f->dir, NULL };
  const char *const labels[] = { "a", "b" };

  for (int m = HP_MODE_DEFAULT; m <= HP_MODE_HTA_COMPAT; m++)
    {
      g_autoptr (HpTrace) trace = open_paths (full, m);
      g_autoptr (HpTrace) job = open_paths (sums, m);
      HpTrace *with_job[] = { job, trace };
      HpTrace *with_trace[] = { trace, trace };
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) x = hp_compare_runs (with_job, labels, 2, NULL, NULL, &error);
      g_autoptr (GPtrArray) y = hp_compare_runs (with_trace, labels, 2, NULL, NULL, &error);
      g_autoptr (HpTable) check_job = NULL;
      g_autoptr (HpTable) check_trace = NULL;
      g_auto (HpCheckComparability) c_job = { 0 };
      g_auto (HpCheckComparability) c_trace = { 0 };
      g_autofree char *csv_job = NULL;
      g_autofree char *csv_trace = NULL;
      HpCheckParams    params;
      gboolean         regressed = TRUE;

      g_assert_no_error (error);
      assert_same_runs (x, y);

      /* check's per-rank figures and shared-op share come from the
       * summaries as they come from the events */
      hp_check_params_init (&params);
      check_job = hp_check_runs (job, trace, &params, &regressed, &c_job, NULL, &error);
      g_assert_no_error (error);
      g_assert_false (regressed);
      check_trace = hp_check_runs (trace, trace, &params, &regressed, &c_trace, NULL, &error);
      g_assert_no_error (error);
      csv_job = hp_table_to_csv (check_job);
      csv_trace = hp_table_to_csv (check_trace);
      g_assert_cmpstr (csv_job, ==, csv_trace);
      g_assert_cmpfloat (c_job.runs[0].shared_gpu_pct, ==, c_trace.runs[0].shared_gpu_pct);
      g_assert_cmpuint (c_job.runs[0].steps, ==, c_trace.runs[0].steps);
      g_assert_cmpstr (c_job.runs[0].devices, ==, c_trace.runs[0].devices);
      g_assert_cmpstr (c_job.runs[0].profiler, ==, c_trace.runs[0].profiler);
    }
}

/* a summary file made of @header and a gzip stream of @payload */
static char *
write_file (const char *dir,
            const char *name,
            const char *header,
            const void *payload,
            gsize       n,
            gboolean    gzip)
{
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr (GByteArray) bytes = g_byte_array_new ();

  g_byte_array_append (bytes, (const guint8 *)header, strlen (header));
  if (gzip)
    {
      g_autoptr (GZlibCompressor) z = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, 1);
      guint8 out[4096];
      gsize  read = 0, written = 0;

      g_assert_cmpint (g_converter_convert (G_CONVERTER (z), payload, n, out, sizeof out, G_CONVERTER_INPUT_AT_END,
                                            &read, &written, NULL),
                       ==, G_CONVERTER_FINISHED);
      g_byte_array_append (bytes, out, written);
    }
  else
    g_byte_array_append (bytes, payload, n);
  g_assert_true (g_file_set_contents (path, (const char *)bytes->data, bytes->len, NULL));
  return path;
}

static void
assert_refused (const char *path,
                const char *words)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HpSummary) s = hp_summary_read (path, &error);

  g_assert_null (s);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, words));
}

static void
test_hostile (Fixture      *f,
              gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize            length;
  g_autofree char *empty = write_file (f->dir, "empty.hpsum", "", "", 0, FALSE);
  g_autofree char *magic = write_file (f->dir, "magic.hpsum", "NOT-A-SUMMARY\n", "x", 1, TRUE);
  g_autofree char *raw = write_file (f->dir, "raw.hpsum", HP_SUMMARY_MAGIC, "not gzip", 8, FALSE);
  g_autofree char *junk = write_file (f->dir, "junk.hpsum", HP_SUMMARY_MAGIC, "random bytes, not a GVariant", 28, TRUE);
  g_autofree char *truncated = NULL;
  g_autofree char *later = NULL;
  g_autoptr (GVariant) v = NULL;
  GVariantDict dict;

  assert_refused (empty, "not a Hotpath summary");
  assert_refused (magic, "not a Hotpath summary");
  assert_refused (raw, "damaged");
  assert_refused (junk, "damaged");

  /* cut in the body: the header opens, the tables say it is damaged */
  g_assert_true (g_file_get_contents (f->summary[0], &contents, &length, &error));
  truncated = write_file (f->dir, "cut.hpsum", "", contents, length - 100, FALSE);
  {
    g_autoptr (HpSummary) s = hp_summary_read (truncated, &error);

    g_assert_no_error (error);
    g_assert_null (hp_summary_get_tables (s, HP_MODE_DEFAULT, "temporal_breakdown"));
    g_assert_nonnull (strstr (hp_summary_get_body_error (s), "damaged"));
  }
  /* cut in the header */
  {
    g_autofree char *short_header = write_file (f->dir, "short.hpsum", "", contents, strlen (HP_SUMMARY_MAGIC) + 10, FALSE);

    assert_refused (short_header, "damaged");
  }

  /* a later version is refused by name */
  g_variant_dict_init (&dict, NULL);
  g_variant_dict_insert (&dict, "format", "s", "hotpath-summary");
  g_variant_dict_insert (&dict, "version", "u", (guint32)HP_SUMMARY_VERSION + 1);
  v = g_variant_ref_sink (g_variant_dict_end (&dict));
  {
    g_autoptr (GByteArray) bytes = g_byte_array_new ();
    guint32 n = (guint32)g_variant_get_size (v);
    guint8  le[4] = { n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >> 24 };

    g_byte_array_append (bytes, le, 4);
    g_byte_array_append (bytes, g_variant_get_data (v), n);
    later = write_file (f->dir, "later.hpsum", HP_SUMMARY_MAGIC, bytes->data, bytes->len, FALSE);
  }
  assert_refused (later, "version");

  /* a folder with damaged summaries opens what it can and lists the rest */
  {
    const char *const sums[] = { f->dir, NULL };
    HpLoadOptions     options = { 0 };
    g_autoptr (HpTrace) job = hp_summary_load_paths (sums, &options, NULL, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (hp_trace_get_n_ranks (job), ==, 2);
    g_assert_cmpuint (g_list_model_get_n_items (hp_trace_get_issues (job)), >=, 6);
  }

  /* not a trace file: no summary */
  {
    g_autoptr (HpSummary) s = hp_summary_new_for_trace (f->dir, NULL, &error);

    g_assert_null (s);
    g_assert_nonnull (error);
  }
}

/* the tables of @name on every rank, as CSV */
static char *
analysis_csv (HpTrace    *trace,
              const char *name,
              GError    **error)
{
  g_autoptr (GPtrArray) tables = hp_analysis_run (hp_analysis_find (name), trace, NULL, NULL, error);
  GString *out;

  if (tables == NULL)
    return NULL;
  out = g_string_new (NULL);
  for (guint t = 0; t < tables->len; t++)
    {
      g_autofree char *csv = hp_table_to_csv (tables->pdata[t]);

      g_string_append_printf (out, "%s\n%s", hp_table_get_name (tables->pdata[t]), csv);
    }
  return g_string_free (out, FALSE);
}

/* @path with its header's format version set to @version */
static void
set_version (const char *path,
             guint32     version)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize            length, magic = strlen (HP_SUMMARY_MAGIC);
  guint32          n;
  g_autoptr (GVariant) header = NULL;
  g_autoptr (GVariant) changed = NULL;
  g_autoptr (GByteArray) bytes = g_byte_array_new ();
  GVariantDict dict;
  guint8       le[4];

  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  g_assert_cmpuint (length, >, magic + 4);
  n = (guint8)contents[magic] | (guint8)contents[magic + 1] << 8 | (guint8)contents[magic + 2] << 16 |
      (guint32)(guint8)contents[magic + 3] << 24;
  g_assert_cmpuint (magic + 4 + n, <=, length);
  {
    g_autoptr (GBytes) bytes_in = g_bytes_new (contents + magic + 4, n);

    header = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE ("a{sv}"), bytes_in, FALSE));
  }
  g_variant_dict_init (&dict, header);
  g_variant_dict_insert (&dict, "version", "u", version);
  changed = g_variant_ref_sink (g_variant_dict_end (&dict));
  n = (guint32)g_variant_get_size (changed);
  le[0] = n & 0xff, le[1] = (n >> 8) & 0xff, le[2] = (n >> 16) & 0xff, le[3] = n >> 24;
  g_byte_array_append (bytes, (const guint8 *)contents, magic);
  g_byte_array_append (bytes, le, 4);
  g_byte_array_append (bytes, g_variant_get_data (changed), n);
  n = (guint8)contents[magic] | (guint8)contents[magic + 1] << 8 | (guint8)contents[magic + 2] << 16 |
      (guint32)(guint8)contents[magic + 3] << 24;
  g_byte_array_append (bytes, (const guint8 *)contents + magic + 4 + n, length - magic - 4 - n);
  g_assert_true (g_file_set_contents (path, (const char *)bytes->data, bytes->len, &error));
}

static void
test_collectives (Fixture      *f,
                  gconstpointer data)
{
  g_autofree char  *folder = hp_test_data_path (CASE, NULL);
  const char *const full_paths[] = { folder, NULL };
  const char *const sums[] = { f->dir, NULL };

  for (HpMode mode = HP_MODE_DEFAULT; mode <= HP_MODE_HTA_COMPAT; mode++)
    for (guint n = 0; n < 2; n++)
      {
        const char *name = n == 0 ? "collectives" : "stragglers";
        g_autoptr (HpTrace) full = open_paths (full_paths, mode);
        g_autoptr (HpTrace) job = open_paths (sums, mode);
        g_autoptr (GError) error = NULL;
        g_autofree char *a = analysis_csv (full, name, &error);
        g_autofree char *b = NULL;

        g_test_message ("%s, mode %d", name, mode);
        g_assert_no_error (error);
        b = analysis_csv (job, name, &error);
        g_assert_no_error (error);
        /* the case's collectives are matched and its ranks scored, not
         * empty tables */
        g_assert_cmpuint (strlen (a), >, 200);
        g_assert_cmpstr (b, ==, a);
      }

  /* a summary of format 1 opens, and its collectives need the traces */
  set_version (f->summary[1], 1);
  {
    g_autoptr (HpTrace) job = open_paths (sums, HP_MODE_DEFAULT);
    g_autoptr (GError) error = NULL;
    g_autofree char *b = analysis_csv (job, "collectives", &error);
    g_autoptr (GPtrArray) tables = NULL;

    g_assert_null (b);
    g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA);
    g_assert_nonnull (strstr (error->message, "format 2"));
    g_assert_nonnull (strstr (error->message, "rank 1"));
    g_clear_error (&error);
    g_assert_null (analysis_csv (job, "stragglers", &error));
    g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA);
    g_assert_nonnull (strstr (error->message, "format 2"));
    /* health says the unpaired collectives need format 2 */
    {
      g_autoptr (HpHealthReport) report = hp_health_check (job, NULL);
      gboolean note = FALSE, unpaired = FALSE;

      for (guint i = 0; i < hp_health_report_get_n_findings (report); i++)
        {
          const HpHealthFinding *finding = hp_health_report_get_finding (report, i);

          note |= g_strcmp0 (finding->code, "summaries-only") == 0;
          unpaired |= g_strcmp0 (finding->code, "unpaired-collectives") == 0;
        }
      g_assert_true (note);
      g_assert_false (unpaired);
    }
    /* its other tables are read as before */
    g_clear_error (&error);
    tables = hp_analysis_run (hp_analysis_find ("temporal_breakdown"), job, NULL, NULL, &error);
    g_assert_no_error (error);
    g_assert_nonnull (tables);
  }
}

/* What reads events refuses a job opened from summaries, naming the
 * traces to load, rather than describing the timeline's activity blocks
 * as events: a scope, the statistics of a range or an area, idle gaps */
static void
test_no_events (Fixture      *f,
                gconstpointer data)
{
  const char *const sums[] = { f->dir, NULL };
  g_autoptr (HpTrace) job = open_paths (sums, HP_MODE_DEFAULT);
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) activity = hp_summary_job_with_activity (job, NULL, &error);
  g_autoptr (HpScope) step = hp_scope_new_step (551);
  g_autoptr (HpScope) range = NULL;
  HpTimeSpan span;
  guint      gpu_lanes = 0;

  g_assert_no_error (error);
  span = hp_rank_get_rows_span (hp_trace_get_rank (activity, 0));
  g_assert_false (hp_time_span_is_empty (span));
  range = hp_scope_new_range (span);

  for (guint t = 0; t < 2; t++)
    {
      HpTrace *trace = t == 0 ? job : activity;

      for (guint k = 0; k < 2; k++)
        {
          g_autoptr (HpTrace) scoped = hp_trace_apply_scope (trace, k == 0 ? step : range, &error);

          g_assert_null (scoped);
          g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA);
          g_assert_nonnull (strstr (error->message, k == 0 ? "scope step:551 needs the events" : "needs the events"));
          g_assert_nonnull (strstr (error->message, f->traces[0]));
          g_assert_nonnull (strstr (error->message, f->traces[1]));
          g_clear_error (&error);
        }
    }

  /* the statistics of a range and of an area */
  {
    g_autofree gboolean *ranks = g_new0 (gboolean, hp_trace_get_n_ranks (activity));
    HpLaneRef            lane = { 0, 0 };
    g_autoptr (HpTable) table = NULL;

    for (guint k = 0; k < hp_trace_get_n_ranks (activity); k++)
      ranks[k] = TRUE;
    g_assert_null (hp_range_stats_compute (activity, span, ranks, NULL, &error));
    g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA);
    g_assert_nonnull (strstr (error->message, "the statistics of a range needs the events"));
    g_assert_nonnull (strstr (error->message, f->traces[1]));
    g_clear_error (&error);
    table = hp_area_stats_compute (activity, span, &lane, 1, NULL, &error);
    g_assert_null (table);
    g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA);
    g_assert_nonnull (strstr (error->message, "needs the events"));
    g_clear_error (&error);
  }

  /* no idle gap between activity blocks, though the lanes are drawn */
  {
    g_autoptr (HpIdleGaps) gaps = hp_idle_gaps_compute (activity, 0.0, NULL);

    for (guint k = 0; k < hp_trace_get_n_ranks (activity); k++)
      {
        const HpRank *r = hp_trace_get_rank (activity, k);

        for (guint l = 0; l < r->n_lanes; l++)
          if (r->lanes[l].is_gpu)
            {
              gpu_lanes++;
              g_assert_null (hp_idle_gaps_get_lane (gaps, r->rank, l));
            }
      }
    g_assert_cmpuint (gpu_lanes, >=, 2);
  }

  /* the traces themselves still answer */
  {
    g_autofree char  *folder = hp_test_data_path (CASE, NULL);
    const char *const full_paths[] = { folder, NULL };
    g_autoptr (HpTrace) full = open_paths (full_paths, HP_MODE_DEFAULT);
    g_autoptr (HpTrace) scoped = hp_trace_apply_scope (full, step, &error);
    g_autoptr (HpIdleGaps) gaps = hp_idle_gaps_compute (full, 0.0, NULL);
    guint n_gaps = 0;

    g_assert_no_error (error);
    g_assert_nonnull (scoped);
    for (guint l = 0; l < hp_trace_get_rank (full, 0)->n_lanes; l++)
      {
        GArray *lane = hp_idle_gaps_get_lane (gaps, hp_trace_get_rank (full, 0)->rank, l);

        n_gaps += lane != NULL ? lane->len : 0;
      }
    g_assert_cmpuint (n_gaps, >, 0);
  }
}

/* one rank of a job whose two communication kernels vary alike across
 * ranks: "…Zeta" comes first in the file (so its string id is lower),
 * "…Alpha" first in time (so the summaries name it first) */
static void
write_tie_rank (const char *dir,
                int         rank,
                char      **path)
{
  g_autoptr (GString) json = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *name = g_strdup_printf ("rank-%d.json", rank);
  int              corr = 100;

  g_string_append_printf (json,
                          "{\"schemaVersion\": 1, \"distributedInfo\": {\"backend\": \"nccl\", \"rank\": %d, "
                          "\"world_size\": 2}, \"traceEvents\": [\n",
                          rank);
  for (int step = 1; step <= 3; step++)
    {
      gint64 base = step * 1000;

      g_string_append_printf (json,
                              "{\"ph\": \"X\", \"cat\": \"user_annotation\", \"name\": \"ProfilerStep#%d\", \"pid\": "
                              "10, \"tid\": 1, \"ts\": %" G_GINT64_FORMAT ", \"dur\": 1000, \"args\": {}},\n",
                              step, base);
      for (int k = 0; k < 2; k++)
        {
          const char *kernel = k == 0 ? "ncclKernel_AllReduce_Zeta" : "ncclKernel_AllReduce_Alpha";

          corr++;
          g_string_append_printf (json,
                                  "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaLaunchKernel\", \"pid\": "
                                  "10, \"tid\": 1, \"ts\": %" G_GINT64_FORMAT
                                  ", \"dur\": 5, \"args\": {\"correlation\": %d}},\n"
                                  "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"%s\", \"pid\": 0, \"tid\": 20, "
                                  "\"ts\": %" G_GINT64_FORMAT ", \"dur\": %d, \"args\": {\"stream\": 20, "
                                  "\"correlation\": %d, \"device\": 0}},\n",
                                  base + 10 + 10 * k, corr, kernel, base + (k == 0 ? 600 : 100),
                                  rank == 0 ? 100 : 200, corr);
        }
    }
  g_string_append (json, "{\"ph\": \"i\", \"name\": \"end\", \"pid\": 10, \"tid\": 1, \"ts\": 4000, \"s\": \"t\"}\n]}\n");
  *path = g_build_filename (dir, name, NULL);
  g_assert_true (g_file_set_contents (*path, json->str, (gssize)json->len, &error));
}

/* On an exact tie of variation, stragglers pick the same kernel on the
 * summaries as on the traces: the first by name, as text */
static void
test_stragglers_tie (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hotpath-summary-tie-XXXXXX", &error);
  g_autofree char *sums = NULL;
  char            *traces[3] = { NULL, NULL, NULL };

  g_assert_no_error (error);
  sums = g_build_filename (dir, "summaries", NULL);
  g_assert_cmpint (g_mkdir (sums, 0755), ==, 0);
  for (int r = 0; r < 2; r++)
    {
      g_autoptr (HpSummary) s = NULL;
      g_autofree char *file = NULL;
      g_autofree char *out = NULL;

      write_tie_rank (dir, r, &traces[r]);
      s = hp_summary_new_for_trace (traces[r], NULL, &error);
      g_assert_no_error (error);
      file = hp_summary_dup_file_name (s);
      out = g_build_filename (sums, file, NULL);
      g_assert_true (hp_summary_write (s, out, &error));
    }
  for (HpMode mode = HP_MODE_DEFAULT; mode <= HP_MODE_HTA_COMPAT; mode++)
    {
      const char *const sum_paths[] = { sums, NULL };
      g_autoptr (HpTrace) full = open_paths ((const char *const *)traces, mode);
      g_autoptr (HpTrace) job = open_paths (sum_paths, mode);
      g_autofree char *a = analysis_csv (full, "stragglers", &error);
      g_autofree char *b = NULL;

      g_test_message ("mode %d", mode);
      g_assert_no_error (error);
      b = analysis_csv (job, "stragglers", &error);
      g_assert_no_error (error);
      g_assert_nonnull (strstr (a, "ncclKernel_AllReduce_Alpha"));
      g_assert_null (strstr (a, "ncclKernel_AllReduce_Zeta"));
      g_assert_cmpstr (b, ==, a);
    }
  for (int r = 0; r < 2; r++)
    g_free (traces[r]);
  remove_dir (sums);
  remove_dir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/core/summary/same-tables", Fixture, NULL, fixture_set_up, test_same_tables, fixture_tear_down);
  g_test_add ("/core/summary/collectives", Fixture, NULL, fixture_set_up, test_collectives, fixture_tear_down);
  g_test_add_func ("/core/summary/stragglers-tie", test_stragglers_tie);
  g_test_add ("/core/summary/no-events", Fixture, NULL, fixture_set_up, test_no_events, fixture_tear_down);
  g_test_add ("/core/summary/mixed", Fixture, NULL, fixture_set_up, test_mixed, fixture_tear_down);
  g_test_add ("/core/summary/compare-and-check", Fixture, NULL, fixture_set_up, test_compare_and_check,
              fixture_tear_down);
  g_test_add ("/core/summary/needs-full", Fixture, NULL, fixture_set_up, test_needs_full, fixture_tear_down);
  g_test_add ("/core/summary/health-and-lanes", Fixture, NULL, fixture_set_up, test_health_and_lanes,
              fixture_tear_down);
  g_test_add ("/core/summary/hostile", Fixture, NULL, fixture_set_up, test_hostile, fixture_tear_down);
  return g_test_run ();
}
