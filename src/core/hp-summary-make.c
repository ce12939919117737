/* hp-summary-make.c — a summary made from one rank's trace: its tables in each mode, steps, collectives, memory, health and activity.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>

#include "hp-core-private.h"
#include "hp-collectives-private.h"
#include "hp-collectives.h"
#include "hp-stragglers-private.h"
#include "hp-stragglers.h"
#include "hp-memory.h"
#include "hp-aten-op-delay.h"
#include "hp-summary-private.h"

#define ACTIVITY_BINS 240
#define CURVE_POINTS 512

/* ---------------------------------------------------------------------- */
/* making a summary                                                       */

static char *
file_sha256 (const char *path,
             guint64    *bytes,
             GError    **error)
{
  g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  g_autofree guint8 *buffer = g_malloc (1 << 20);
  FILE              *f = g_fopen (path, "rb");
  size_t             n;

  *bytes = 0;
  if (f == NULL)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s", path, g_strerror (saved));
      return NULL;
    }
  while ((n = fread (buffer, 1, 1 << 20, f)) > 0)
    {
      g_checksum_update (sum, buffer, n);
      *bytes += n;
    }
  fclose (f);
  return g_strdup (g_checksum_get_string (sum));
}

/* each lane's busy share over ACTIVITY_BINS bins of the rank's span, from
 * its outermost events */
static GVariant *
activity_variant (HpTrace      *trace,
                  const HpRank *r)
{
  GVariantBuilder lanes;
  HpTimeSpan      span = hp_rank_get_rows_span (r);
  gint64          width = MAX ((span.end - span.start + ACTIVITY_BINS - 1) / ACTIVITY_BINS, 1);

  g_variant_builder_init (&lanes, G_VARIANT_TYPE ("a(xxsbay)"));
  for (guint l = 0; l < r->n_lanes; l++)
    {
      const HpLane *lane = &r->lanes[l];
      gint64        busy[ACTIVITY_BINS] = { 0 };
      guint8        bins[ACTIVITY_BINS];
      guint         end = lane->max_depth > 0 ? lane->depth_start[1] : 0;
      const char   *name = lane->name != HP_NO_STRING ? hp_trace_get_string (trace, lane->name) : "";

      for (guint k = lane->max_depth > 0 ? lane->depth_start[0] : 0; k < end; k++)
        {
          guint  e = lane->events[k];
          gint64 s = MAX (hp_rank_get_event_start (r, e), span.start);
          gint64 t = MIN (hp_rank_get_event_end (r, e), span.end);

          while (s < t)
            {
              gint64 b = (s - span.start) / width;
              gint64 b_end = span.start + (b + 1) * width;
              gint64 stop = MIN (t, b_end);

              if (b < 0 || b >= ACTIVITY_BINS)
                break;
              busy[b] += stop - s;
              s = stop;
            }
        }
      for (guint b = 0; b < ACTIVITY_BINS; b++)
        bins[b] = (guint8)MIN (255, (busy[b] * 255 + width / 2) / width);
      g_variant_builder_add (&lanes, "(xxsb@ay)", lane->pid, lane->tid, name, lane->is_gpu,
                             g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE, bins, ACTIVITY_BINS, 1));
    }
  return g_variant_new ("(xx@a(xxsbay))", span.start, span.end, g_variant_builder_end (&lanes));
}

static GVariant *
steps_variant (HpTrace      *trace,
               const HpRank *r)
{
  g_autoptr (GArray) steps = hp_rank_get_steps (trace, r);
  GVariantBuilder b;

  g_variant_builder_init (&b, G_VARIANT_TYPE ("a(ixxb)"));
  for (guint i = 0; i < steps->len; i++)
    {
      const HpStep *s = &g_array_index (steps, HpStep, i);

      g_variant_builder_add (&b, "(ixxb)", s->number, s->span.start, s->span.end, s->measured);
    }
  return g_variant_builder_end (&b);
}

/* the durations of the steps the rank keeps (its rows), in ns */
static GVariant *
kept_steps_variant (const HpRank *r)
{
  g_autoptr (GArray) durations = g_array_new (FALSE, FALSE, sizeof (gint64));

  for (guint k = 0; k < r->n_rows; k++)
    if (r->flags[r->rows[k]] & HP_EVENT_STEP)
      {
        gint64 dur = hp_rank_dur (r, r->rows[k]);

        g_array_append_val (durations, dur);
      }
  return g_variant_new_fixed_array (G_VARIANT_TYPE_INT64, durations->data, durations->len, sizeof (gint64));
}

/* each (device, category, name) of the rank's rows with its count and
 * total duration: what hp_trace_diff_run_summary() adds up over ranks */
static HpTable *
op_sums (HpTrace      *trace,
         const HpRank *r)
{
  g_autoptr (GHashTable) index = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  HpTable *t = hp_table_new ("op_sums", "Op sums");

  hp_table_add_column (t, "gpu", HP_COLUMN_INT, NULL);
  hp_table_add_column (t, "cat", HP_COLUMN_STRING, NULL);
  hp_table_add_column (t, "name", HP_COLUMN_STRING, NULL);
  hp_table_add_column (t, "count", HP_COLUMN_INT, NULL);
  hp_table_add_column (t, "dur", HP_COLUMN_INT, "ns");
  for (guint k = 0; k < r->n_rows; k++)
    {
      guint            e = r->rows[k];
      gboolean         gpu = (r->flags[e] & HP_EVENT_G1) != 0;
      const char      *cat = r->cat[e] != HP_NO_STRING ? hp_trace_get_string (trace, r->cat[e]) : "";
      const char      *name = hp_trace_get_string (trace, r->name[e]);
      g_autofree char *key = NULL;
      gpointer         slot;
      guint            row;

      if (r->kind[e] == HP_EVENT_KIND_INSTANT)
        continue;
      key = g_strdup_printf ("%d\x1f%s\x1f%s", gpu, cat, name);
      slot = g_hash_table_lookup (index, key);
      if (slot == NULL)
        {
          row = hp_table_append_row (t);
          hp_table_set_int (t, row, 0, gpu);
          hp_table_set_string (t, row, 1, cat);
          hp_table_set_string (t, row, 2, name);
          hp_table_set_int (t, row, 3, 0);
          hp_table_set_int (t, row, 4, 0);
          g_hash_table_insert (index, g_steal_pointer (&key), GUINT_TO_POINTER (row + 1));
        }
      else
        row = GPOINTER_TO_UINT (slot) - 1;
      hp_table_set_int (t, row, 3, hp_table_get_int (t, row, 3) + 1);
      hp_table_set_int (t, row, 4, hp_table_get_int (t, row, 4) + hp_rank_dur (r, e));
    }
  return t;
}

/* the memory series, each cut to CURVE_POINTS points that keep the peaks */
static GVariant *
memory_variant (HpTrace   *trace,
                GPtrArray *tables)
{
  const HpAnalysis *memory = &hp_memory_analysis;
  HpAnalysisParams  params;
  g_autoptr (GPtrArray) series = NULL;
  GVariantBuilder curves;

  g_variant_builder_init (&curves, G_VARIANT_TYPE ("a(ssa(xd))"));
  hp_analysis_params_init (&params);
  if (memory != NULL && memory->payload != NULL)
    series = memory->payload (trace, &params, tables, NULL, NULL);
  hp_analysis_params_clear (&params);
  for (guint s = 0; series != NULL && s < series->len; s++)
    {
      HpSeries       *sr = series->pdata[s];
      GVariantBuilder points;
      guint           step = MAX ((sr->n_points + CURVE_POINTS - 1) / CURVE_POINTS, 1);

      g_variant_builder_init (&points, G_VARIANT_TYPE ("a(xd)"));
      for (guint i = 0; i < sr->n_points; i += step)
        {
          guint top = i;

          for (guint k = i; k < MIN (i + step, sr->n_points); k++)
            if (sr->values[k] > sr->values[top])
              top = k;
          g_variant_builder_add (&points, "(xd)", sr->ts[top], sr->values[top]);
        }
      g_variant_builder_add (&curves, "(ss@a(xd))", hp_series_get_id (sr) != NULL ? hp_series_get_id (sr) : "",
                             sr->unit != NULL ? sr->unit : "", g_variant_builder_end (&points));
    }
  return g_variant_builder_end (&curves);
}

static GVariant *
health_variant (HpTrace *trace)
{
  g_autoptr (HpHealthReport) report = hp_health_check (trace, NULL);
  GVariantBuilder          b;
  guint                    n_analyses;
  const HpAnalysis *const *list = hp_analysis_list (&n_analyses);

  g_variant_builder_init (&b, G_VARIANT_TYPE ("a(issytsa{sy})"));
  for (guint i = 0; i < hp_health_report_get_n_findings (report); i++)
    {
      const HpHealthFinding *f = hp_health_report_get_finding (report, i);
      GVariantBuilder        verdicts;

      /* verdicts by analysis name, so a later list of analyses still reads them */
      g_variant_builder_init (&verdicts, G_VARIANT_TYPE ("a{sy}"));
      for (guint a = 0; a < n_analyses; a++)
        g_variant_builder_add (&verdicts, "{sy}", list[a]->name, (guchar)f->verdicts[a]);
      g_variant_builder_add (&b, "(issyts@a{sy})", f->rank, f->file != NULL ? f->file : "", f->code,
                             (guchar)f->severity, f->count, f->message, g_variant_builder_end (&verdicts));
    }
  return g_variant_builder_end (&b);
}

static GVariant *
issues_variant (HpTrace *trace)
{
  GListModel     *issues = hp_trace_get_issues (trace);
  GVariantBuilder b;

  g_variant_builder_init (&b, G_VARIANT_TYPE ("a(yis)"));
  for (guint k = 0; k < g_list_model_get_n_items (issues); k++)
    {
      g_autoptr (HpLoadIssue) issue = g_list_model_get_item (issues, k);

      g_variant_builder_add (&b, "(yis)", (guchar)hp_load_issue_get_severity (issue),
                             hp_load_issue_get_code (issue), hp_load_issue_get_message (issue));
    }
  return g_variant_builder_end (&b);
}

/* one mode: every table of the default analyses, with what the
 * cross-rank analyses, the health view and the timeline need */
static GVariant *
mode_variant (HpTrace      *trace,
              GCancellable *cancellable,
              GError      **error)
{
  g_autoptr (GPtrArray) selected = g_ptr_array_new ();
  g_autoptr (GPtrArray) results = NULL;
  g_autoptr (GPtrArray) memory_tables = NULL;
  GVariantDict             dict;
  GVariantBuilder          analyses;
  guint                    n;
  const HpAnalysis *const *list = hp_analysis_list (&n);
  const HpRank            *r = hp_trace_get_rank (trace, 0);
  g_autoptr (HpTable) instances = NULL;
  g_autoptr (GError) memory_error = NULL;

  for (guint a = 0; a < n; a++)
    if (list[a]->in_default_set)
      g_ptr_array_add (selected, (gpointer)list[a]);
  results = hp_analysis_run_many ((const HpAnalysis *const *)selected->pdata, selected->len, trace, NULL, 0, NULL,
                                  cancellable, error);
  if (results == NULL)
    return NULL;

  g_variant_dict_init (&dict, NULL);
  g_variant_builder_init (&analyses, G_VARIANT_TYPE ("a{sv}"));
  for (guint a = 0; a < selected->len; a++)
    g_variant_builder_add (&analyses, "{sv}", ((const HpAnalysis *)selected->pdata[a])->name,
                           _hp_summary_tables_to_variant (results->pdata[a]));
  g_variant_dict_insert_value (&dict, "analyses", g_variant_builder_end (&analyses));

  memory_tables = hp_analysis_run (&hp_memory_analysis, trace, NULL, cancellable, &memory_error);
  if (memory_tables != NULL)
    {
      g_variant_dict_insert_value (&dict, HP_MEMORY_ANALYSIS, _hp_summary_tables_to_variant (memory_tables));
      g_variant_dict_insert_value (&dict, "memory-curves", memory_variant (trace, memory_tables));
    }
  instances = _hp_collectives_instances_table (trace, r);
  g_variant_dict_insert_value (&dict, HP_COLLECTIVES_TABLE, _hp_summary_table_to_variant (instances));
  g_variant_dict_insert_value (&dict, HP_STRAGGLERS_ANALYSIS, _hp_stragglers_summary_inputs (trace, r));
  g_variant_dict_insert_value (&dict, "steps", steps_variant (trace, r));
  g_variant_dict_insert_value (&dict, "kept-steps", kept_steps_variant (r));
  {
    HpStepFigures f;

    hp_step_figures_compute (r, &f);
    g_variant_dict_insert_value (&dict, "step-figures",
                                 g_variant_new ("(iubdxdddd)", f.rank, f.n_windows, f.has_steps, f.median_step,
                                                (gint64)f.start, f.busy, f.idle, f.comm, f.exposed));
  }
  {
    g_autoptr (GArray) sums = _hp_comm_kernel_sums (trace, r);
    GVariantBuilder b;

    g_variant_builder_init (&b, G_VARIANT_TYPE ("a(stx)"));
    for (guint k = 0; k < sums->len; k++)
      {
        const HpCommKernelSum *sum = &g_array_index (sums, HpCommKernelSum, k);

        g_variant_builder_add (&b, "(stx)", sum->name, sum->count, sum->dur_ns);
      }
    g_variant_dict_insert_value (&dict, "comm-kernels", g_variant_builder_end (&b));
  }
  {
    g_autoptr (GHashTable) op_gpu = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
    g_autoptr (GArray) check_steps = g_array_new (FALSE, FALSE, sizeof (double));
    double          gpu_total = 0;
    GVariantBuilder b;
    GHashTableIter  iter;
    gpointer        key, value;

    _hp_check_rank_gpu (trace, r, op_gpu, &gpu_total, check_steps);
    g_variant_builder_init (&b, G_VARIANT_TYPE ("a{sd}"));
    g_hash_table_iter_init (&iter, op_gpu);
    while (g_hash_table_iter_next (&iter, &key, &value))
      g_variant_builder_add (&b, "{sd}", (const char *)key, *(double *)value);
    g_variant_dict_insert_value (&dict, "check-op-gpu", g_variant_builder_end (&b));
    g_variant_dict_insert_value (&dict, "check-gpu-total", g_variant_new_double (gpu_total));
    g_variant_dict_insert_value (&dict, "check-steps",
                                 g_variant_new_fixed_array (G_VARIANT_TYPE_DOUBLE, check_steps->data, check_steps->len,
                                                            sizeof (double)));
  }
  {
    g_autoptr (HpTable) ops = op_sums (trace, r);

    g_variant_dict_insert_value (&dict, "op-sums", _hp_summary_table_to_variant (ops));
  }
  g_variant_dict_insert_value (&dict, "health", health_variant (trace));
  g_variant_dict_insert_value (&dict, "activity", activity_variant (trace, r));
  return g_variant_dict_end (&dict);
}

/* the distinct measured ProfilerStep names, for the job's last-step filter */
static GVariant *
step_names_variant (HpTrace      *trace,
                    const HpRank *r)
{
  g_autoptr (GHashTable) seen = g_hash_table_new (g_direct_hash, g_direct_equal);
  GVariantBuilder b;

  g_variant_builder_init (&b, G_VARIANT_TYPE_STRING_ARRAY);
  for (guint i = 0; i < r->n_events; i++)
    if ((r->flags[i] & HP_EVENT_STEP) && (r->flags[i] & HP_EVENT_MEASURED) &&
        g_hash_table_add (seen, GUINT_TO_POINTER (r->name[i] + 1)))
      {
        const char *name = hp_trace_get_string (trace, r->name[i]);

        if (g_str_has_prefix (name, "ProfilerStep#"))
          g_variant_builder_add (&b, "s", name);
      }
  return g_variant_builder_end (&b);
}

/**
 * hp_summary_new_for_trace:
 * @trace_path: one rank's trace file
 *
 * Loads the file alone in each mode and keeps the tables of every
 * analysis of the default set, the rank's steps, collectives, memory
 * peaks and curve, health findings and a coarse activity picture.
 *
 * Returns: (transfer full): the summary, or %NULL with @error set
 */
HpSummary *
hp_summary_new_for_trace (const char   *trace_path,
                          GCancellable *cancellable,
                          GError      **error)
{
  g_autofree char *absolute = g_canonicalize_filename (trace_path, NULL);
  g_autofree char *sha256 = NULL;
  GVariantDict     dict;
  GVariantBuilder  modes, issues;
  guint64          bytes = 0;

  if (g_file_test (trace_path, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_UNREADABLE,
                   "%s: a folder; name its rank files, one summary each", trace_path);
      return NULL;
    }
  sha256 = file_sha256 (trace_path, &bytes, error);
  if (sha256 == NULL)
    return NULL;

  g_variant_dict_init (&dict, NULL);
  g_variant_builder_init (&modes, G_VARIANT_TYPE ("a{sv}"));
  g_variant_builder_init (&issues, G_VARIANT_TYPE ("a{sv}"));
  for (guint m = 0; m < G_N_ELEMENTS (_hp_summary_mode_keys); m++)
    {
      HpLoadOptions options = { 0 };
      g_autoptr (HpTrace) trace = NULL;
      GVariant     *mode;
      const HpRank *r;

      options.mode = m == 0 ? HP_MODE_DEFAULT : HP_MODE_HTA_COMPAT;
      options.n_threads = 1;
      trace = hp_load_path (trace_path, &options, cancellable, error);
      if (trace == NULL)
        return NULL;
      if (hp_trace_get_n_ranks (trace) != 1)
        {
          g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_EMPTY, "%s: no rank to summarise", trace_path);
          return NULL;
        }
      r = hp_trace_get_rank (trace, 0);
      if (m == 0)
        {
          g_autofree char *metadata = r->metadata != NULL ? json_to_string (r->metadata, FALSE) : g_strdup ("{}");

          g_variant_dict_insert (&dict, "format", "s", "hotpath-summary");
          g_variant_dict_insert (&dict, "version", "u", (guint32)HP_SUMMARY_VERSION);
          g_variant_dict_insert (&dict, "hotpath-version", "s", PACKAGE_VERSION);
          g_variant_dict_insert (&dict, "trace-path", "s", absolute);
          g_variant_dict_insert (&dict, "trace-bytes", "t", bytes);
          g_variant_dict_insert (&dict, "trace-sha256", "s", sha256);
          g_variant_dict_insert (&dict, "rank", "i", r->rank);
          g_variant_dict_insert (&dict, "rank-source", "u", (guint32)r->rank_source);
          g_variant_dict_insert (&dict, "device-type", "s", r->device_type != NULL ? r->device_type : "");
          g_variant_dict_insert (&dict, "metadata", "s", metadata);
          g_variant_dict_insert (&dict, "min-ts", "x", hp_trace_get_min_ts (trace));
          g_variant_dict_insert (&dict, "json-bytes", "t", r->json_bytes);
          g_variant_dict_insert (&dict, "events", "t", (guint64)r->n_events);
          g_variant_dict_insert (&dict, "json-events", "t", r->n_json_events);
          g_variant_dict_insert_value (&dict, "step-names", step_names_variant (trace, r));
          {
            guint n_gpu = 0;

            for (guint l = 0; l < r->n_lanes; l++)
              n_gpu += r->lanes[l].is_gpu;
            g_variant_dict_insert (&dict, "gpu-lanes", "u", n_gpu);
            g_variant_dict_insert (&dict, "cpu-lanes", "u", r->n_lanes - n_gpu);
          }
        }
      g_variant_builder_add (&issues, "{sv}", _hp_summary_mode_keys[m], issues_variant (trace));
      mode = mode_variant (trace, cancellable, error);
      if (mode == NULL)
        return NULL;
      g_variant_builder_add (&modes, "{sv}", _hp_summary_mode_keys[m], mode);
    }
  /* in the header: opening a job lists them without reading the tables */
  g_variant_dict_insert_value (&dict, "issues", g_variant_builder_end (&issues));
  {
    HpSummary *self = _hp_summary_new (g_variant_ref_sink (g_variant_dict_end (&dict)), error);
    GVariant  *all = g_variant_ref_sink (g_variant_builder_end (&modes));

    if (self != NULL && !_hp_summary_set_modes (self, all, error))
      g_clear_pointer (&self, hp_summary_unref);
    g_variant_unref (all);
    return self;
  }
}
