/* hp-summary.c — one rank's analyses in a small file: making, writing and reading it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A summary file is the line HP_SUMMARY_MAGIC, then a gzip stream of one
 * GVariant of type a{sv} in little-endian normal form (docs/cluster.md).
 * The header keys (format version, trace path and checksum, rank, times)
 * are read at open; the tables of a mode are turned back into HpTables only
 * when an analysis asks for them, so opening a thousand summaries costs a
 * decompression and a few lookups each.
 */

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "hp-collectives.h"
#include "hp-core-private.h"
#include "hp-memory.h"
#include "hp-summary-private.h"

#define ACTIVITY_BINS 240
#define CURVE_POINTS 512
#define MAX_SUMMARY_BYTES ((gsize)1 << 30)
#define MAX_HEADER_BYTES (16u << 20)

G_DEFINE_BOXED_TYPE (HpSummary, hp_summary, hp_summary_ref, hp_summary_unref)

static const char *const mode_keys[] = { "default", "hta-compat" };

/* ---------------------------------------------------------------------- */
/* tables as GVariants                                                    */

#define TABLE_TYPE "(ssmsua(smsyv))"

GVariant *
_hp_summary_table_to_variant (HpTable *table)
{
  GVariantBuilder columns;
  guint           n_rows = hp_table_get_n_rows (table);

  g_variant_builder_init (&columns, G_VARIANT_TYPE ("a(smsyv)"));
  for (guint c = 0; c < hp_table_get_n_columns (table); c++)
    {
      HpColumnType type = hp_table_get_column_type (table, c);
      GVariant    *data;

      if (type == HP_COLUMN_DOUBLE)
        {
          g_autofree double *values = g_new (double, MAX (n_rows, 1));

          for (guint i = 0; i < n_rows; i++)
            values[i] = hp_table_get_double (table, i, c);
          data = g_variant_new_fixed_array (G_VARIANT_TYPE_DOUBLE, values, n_rows, sizeof (double));
        }
      else
        {
          g_autofree guint8 *nulls = g_new0 (guint8, MAX (n_rows, 1));
          gboolean           any_null = FALSE;
          GVariant          *values;

          for (guint i = 0; i < n_rows; i++)
            any_null |= (nulls[i] = hp_table_is_null (table, i, c));
          if (type == HP_COLUMN_INT)
            {
              g_autofree gint64 *ints = g_new0 (gint64, MAX (n_rows, 1));

              for (guint i = 0; i < n_rows; i++)
                if (!nulls[i])
                  ints[i] = hp_table_get_int (table, i, c);
              values = g_variant_new_fixed_array (G_VARIANT_TYPE_INT64, ints, n_rows, sizeof (gint64));
            }
          else
            {
              GVariantBuilder strings;

              g_variant_builder_init (&strings, G_VARIANT_TYPE_STRING_ARRAY);
              for (guint i = 0; i < n_rows; i++)
                g_variant_builder_add (&strings, "s", nulls[i] ? "" : hp_table_get_string (table, i, c));
              values = g_variant_builder_end (&strings);
            }
          data = g_variant_new ("(@ay@*)",
                                g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE, nulls, any_null ? n_rows : 0, 1),
                                values);
        }
      g_variant_builder_add (&columns, "(smsyv)", hp_table_get_column_name (table, c),
                             hp_table_get_column_unit (table, c), (guchar)type, data);
    }
  return g_variant_new ("(ssmsu@a(smsyv))", hp_table_get_name (table), hp_table_get_title (table),
                        hp_table_get_note (table), n_rows, g_variant_builder_end (&columns));
}

/* Returns: (transfer full) (nullable): the table, or %NULL when @v is not one */
HpTable *
_hp_summary_table_from_variant (GVariant *v)
{
  g_autoptr (HpTable) table = NULL;
  g_autoptr (GVariant) columns = NULL;
  const char *name, *title, *note;
  guint32     n_rows;
  gsize       n_columns;

  if (!g_variant_is_of_type (v, G_VARIANT_TYPE (TABLE_TYPE)))
    return NULL;
  g_variant_get (v, "(&s&sm&su@a(smsyv))", &name, &title, &note, &n_rows, &columns);
  table = hp_table_new (name, title);
  if (note != NULL)
    hp_table_set_note (table, note);
  n_columns = g_variant_n_children (columns);
  for (gsize c = 0; c < n_columns; c++)
    {
      g_autoptr (GVariant) data = NULL;
      const char *cname, *unit;
      guchar      type;

      g_variant_get_child (columns, c, "(&sm&sy@v)", &cname, &unit, &type, &data);
      if (type > HP_COLUMN_STRING)
        return NULL;
      hp_table_add_column (table, cname, type, unit);
    }
  if (n_rows > 0)
    hp_table_append_rows (table, n_rows);
  for (gsize c = 0; c < n_columns; c++)
    {
      g_autoptr (GVariant) boxed = NULL;
      g_autoptr (GVariant) data = NULL;
      guchar type;

      g_variant_get_child (columns, c, "(&sm&sy@v)", NULL, NULL, &type, &boxed);
      data = g_variant_get_variant (boxed);
      if (type == HP_COLUMN_DOUBLE)
        {
          gsize         n;
          const double *values;

          if (!g_variant_is_of_type (data, G_VARIANT_TYPE ("ad")))
            return NULL;
          values = g_variant_get_fixed_array (data, &n, sizeof (double));
          if (n != n_rows)
            return NULL;
          if (n > 0)
            hp_table_set_doubles (table, c, 0, values, n);
        }
      else
        {
          g_autoptr (GVariant) nulls_v = NULL;
          g_autoptr (GVariant) values = NULL;
          const guint8 *nulls;
          gsize         n_nulls;

          if (!g_variant_is_of_type (data, type == HP_COLUMN_INT ? G_VARIANT_TYPE ("(ayax)")
                                                                 : G_VARIANT_TYPE ("(ayas)")))
            return NULL;
          g_variant_get (data, "(@ay@*)", &nulls_v, &values);
          nulls = g_variant_get_fixed_array (nulls_v, &n_nulls, 1);
          if ((n_nulls != 0 && n_nulls != n_rows) || g_variant_n_children (values) != n_rows)
            return NULL;
          if (type == HP_COLUMN_INT)
            {
              gsize         n;
              const gint64 *ints = g_variant_get_fixed_array (values, &n, sizeof (gint64));

              if (n > 0)
                hp_table_set_ints (table, c, 0, ints, n);
            }
          else
            for (guint i = 0; i < n_rows; i++)
              {
                const char *s;

                g_variant_get_child (values, i, "&s", &s);
                hp_table_set_string (table, i, c, s);
              }
          for (guint i = 0; i < n_nulls; i++)
            if (nulls[i])
              hp_table_set_null (table, i, c);
        }
    }
  return g_steal_pointer (&table);
}

static GVariant *
tables_to_variant (GPtrArray *tables)
{
  GVariantBuilder b;

  g_variant_builder_init (&b, G_VARIANT_TYPE ("a" TABLE_TYPE));
  for (guint t = 0; tables != NULL && t < tables->len; t++)
    g_variant_builder_add_value (&b, _hp_summary_table_to_variant (tables->pdata[t]));
  return g_variant_builder_end (&b);
}

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

static const char *
args_string (JsonObject *args,
             const char *key,
             char      **owned)
{
  JsonNode *node = args != NULL ? json_object_get_member (args, key) : NULL;

  if (node == NULL || JSON_NODE_TYPE (node) == JSON_NODE_NULL)
    return "";
  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
    return json_node_get_string (node);
  *owned = json_to_string (node, FALSE);
  return *owned;
}

/* every communication kernel with what its args say of the collective:
 * what the cross-rank analyses match instances with */
static HpTable *
collective_instances (HpTrace      *trace,
                      const HpRank *r)
{
  static const char *const keys[] = { "Collective name", "Process Group Name", "Process Group Ranks",
                                      "In msg nelems", "Out msg nelems", "dtype" };
  HpTable                 *t = hp_table_new ("collective_instances", "Collective instances");

  hp_table_add_column (t, "name", HP_COLUMN_STRING, NULL);
  hp_table_add_column (t, "stream", HP_COLUMN_INT, NULL);
  hp_table_add_column (t, "ts", HP_COLUMN_INT, "ns");
  hp_table_add_column (t, "dur", HP_COLUMN_INT, "ns");
  for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
    hp_table_add_column (t, keys[k], HP_COLUMN_STRING, NULL);
  for (guint j = 0; j < r->n_rows; j++)
    {
      guint e = r->rows[j];
      guint row;
      g_autoptr (JsonNode) args = NULL;
      JsonObject *obj;

      if (!hp_rank_is_gpu_activity (r, e) || hp_rank_get_kernel_class (r, e) != HP_KERNEL_CLASS_COMMUNICATION)
        continue;
      args = hp_trace_get_event_args (trace, r, e);
      obj = args != NULL && JSON_NODE_HOLDS_OBJECT (args) ? json_node_get_object (args) : NULL;
      row = hp_table_append_row (t);
      hp_table_set_string (t, row, 0, hp_trace_get_string (trace, r->name[e]));
      hp_table_set_int (t, row, 1, hp_rank_stream (r, e));
      hp_table_set_int (t, row, 2, hp_rank_get_event_start (r, e));
      hp_table_set_int (t, row, 3, hp_rank_get_event_duration (r, e));
      for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
        {
          g_autofree char *owned = NULL;

          hp_table_set_string (t, row, 4 + k, args_string (obj, keys[k], &owned));
        }
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
                           tables_to_variant (results->pdata[a]));
  g_variant_dict_insert_value (&dict, "analyses", g_variant_builder_end (&analyses));

  memory_tables = hp_analysis_run (&hp_memory_analysis, trace, NULL, cancellable, &memory_error);
  if (memory_tables != NULL)
    {
      g_variant_dict_insert_value (&dict, HP_MEMORY_ANALYSIS, tables_to_variant (memory_tables));
      g_variant_dict_insert_value (&dict, "memory-curves", memory_variant (trace, memory_tables));
    }
  instances = collective_instances (trace, r);
  g_variant_dict_insert_value (&dict, HP_COLLECTIVES_TABLE, _hp_summary_table_to_variant (instances));
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

static HpSummary *summary_new (GVariant *root,
                               GError  **error);
static gboolean   set_modes (HpSummary *self,
                             GVariant  *all,
                             GError   **error);

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
  for (guint m = 0; m < G_N_ELEMENTS (mode_keys); m++)
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
      g_variant_builder_add (&issues, "{sv}", mode_keys[m], issues_variant (trace));
      mode = mode_variant (trace, cancellable, error);
      if (mode == NULL)
        return NULL;
      g_variant_builder_add (&modes, "{sv}", mode_keys[m], mode);
    }
  /* in the header: opening a job lists them without reading the tables */
  g_variant_dict_insert_value (&dict, "issues", g_variant_builder_end (&issues));
  {
    HpSummary *self = summary_new (g_variant_ref_sink (g_variant_dict_end (&dict)), error);
    GVariant  *all = g_variant_ref_sink (g_variant_builder_end (&modes));

    if (self != NULL && !set_modes (self, all, error))
      g_clear_pointer (&self, hp_summary_unref);
    g_variant_unref (all);
    return self;
  }
}

/* ---------------------------------------------------------------------- */
/* reading                                                                */

static void
summary_free (HpSummary *self)
{
  g_variant_unref (self->root);
  g_free (self->path);
  g_free (self->body_error);
  g_free (self->source);
  g_free (self->trace_path);
  g_free (self->sha256);
  g_free (self->device_type);
  g_clear_pointer (&self->step_names, g_variant_unref);
  for (guint m = 0; m < G_N_ELEMENTS (self->modes); m++)
    g_clear_pointer (&self->modes[m], g_variant_unref);
  g_mutex_clear (&self->lock);
  g_free (self);
}

/* takes @root, the header */
static HpSummary *
summary_new (GVariant *root,
             GError  **error)
{
  HpSummary   *self;
  GVariantDict dict;
  const char  *format = NULL, *path = NULL, *sha = NULL, *device = NULL;
  guint32      version = 0;

  g_variant_dict_init (&dict, root);
  if (!g_variant_dict_lookup (&dict, "format", "&s", &format) || strcmp (format, "hotpath-summary") != 0 ||
      !g_variant_dict_lookup (&dict, "version", "u", &version))
    {
      g_variant_dict_clear (&dict);
      g_variant_unref (root);
      g_set_error_literal (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_JSON, "not a Hotpath summary");
      return NULL;
    }
  if (version > HP_SUMMARY_VERSION || version == 0)
    {
      g_variant_dict_clear (&dict);
      g_variant_unref (root);
      g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_JSON,
                   "a summary of format version %u; this Hotpath reads versions 1 to %d", version,
                   HP_SUMMARY_VERSION);
      return NULL;
    }
  self = g_new0 (HpSummary, 1);
  g_atomic_ref_count_init (&self->ref_count);
  g_mutex_init (&self->lock);
  self->root = root;
  self->version = version;
  if (!g_variant_dict_lookup (&dict, "trace-path", "&s", &path) ||
      !g_variant_dict_lookup (&dict, "trace-sha256", "&s", &sha) ||
      !g_variant_dict_lookup (&dict, "rank", "i", &self->rank) ||
      !g_variant_dict_lookup (&dict, "min-ts", "x", &self->min_ts))
    {
      g_variant_dict_clear (&dict);
      summary_free (self);
      g_set_error_literal (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_JSON, "a summary without its header");
      return NULL;
    }
  g_variant_dict_lookup (&dict, "trace-bytes", "t", &self->trace_bytes);
  g_variant_dict_lookup (&dict, "json-bytes", "t", &self->json_bytes);
  g_variant_dict_lookup (&dict, "events", "t", &self->n_events);
  g_variant_dict_lookup (&dict, "gpu-lanes", "u", &self->n_gpu_lanes);
  g_variant_dict_lookup (&dict, "cpu-lanes", "u", &self->n_cpu_lanes);
  if (g_variant_dict_lookup (&dict, "device-type", "&s", &device))
    self->device_type = g_strdup (device);
  self->step_names = g_variant_dict_lookup_value (&dict, "step-names", G_VARIANT_TYPE_STRING_ARRAY);
  g_variant_dict_clear (&dict);
  self->trace_path = g_strdup (path);
  self->sha256 = g_strdup (sha);
  return self;
}

/* takes the modes of @all, the body's a{sv} of mode name → a{sv} */
static gboolean
set_modes (HpSummary *self,
           GVariant  *all,
           GError   **error)
{
  for (guint m = 0; m < G_N_ELEMENTS (mode_keys); m++)
    {
      self->modes[m] = g_variant_lookup_value (all, mode_keys[m], G_VARIANT_TYPE_VARDICT);
      if (self->modes[m] == NULL)
        {
          g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_JSON, "a summary without its %s tables",
                       mode_keys[m]);
          return FALSE;
        }
    }
  return TRUE;
}

static GVariant *
little_endian (GVariant *v)
{
  if (G_BYTE_ORDER != G_LITTLE_ENDIAN)
    {
      GVariant *swapped = g_variant_byteswap (v);

      g_variant_unref (v);
      return swapped;
    }
  return v;
}

/* the body: the gzip stream after the header, read when first needed */
static gboolean
load_body (HpSummary *self,
           GError   **error)
{
  g_autofree char *contents = NULL;
  gsize            length = 0;
  g_autoptr (GZlibDecompressor) gunzip = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
  g_autoptr (GByteArray) out = g_byte_array_new ();
  g_autoptr (GError) local_error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GVariant) body = NULL;
  g_autoptr (GVariant) all = NULL;
  gsize at;

  if (!g_file_get_contents (self->path, &contents, &length, &local_error))
    {
      g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_UNREADABLE, "%s: %s", self->path, local_error->message);
      return FALSE;
    }
  if (self->body_offset > length)
    {
      g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_TRUNCATED, "%s: a damaged summary: it ends early",
                   self->path);
      return FALSE;
    }
  at = self->body_offset;
  for (;;)
    {
      guint8           chunk[65536];
      gsize            read = 0, written = 0;
      GConverterResult res;

      res = g_converter_convert (G_CONVERTER (gunzip), contents + at, length - at, chunk, sizeof chunk,
                                 G_CONVERTER_INPUT_AT_END, &read, &written, &local_error);
      if (res == G_CONVERTER_ERROR)
        {
          g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_TRUNCATED, "%s: a damaged summary: %s", self->path,
                       local_error->message);
          return FALSE;
        }
      at += read;
      g_byte_array_append (out, chunk, written);
      if (out->len > MAX_SUMMARY_BYTES)
        {
          g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_UNREADABLE, "%s: a summary larger than 1 GiB",
                       self->path);
          return FALSE;
        }
      if (res == G_CONVERTER_FINISHED)
        break;
    }
  bytes = g_byte_array_free_to_bytes (g_steal_pointer (&out));
  /* untrusted: GVariant checks each value as it is read, and a malformed
   * one reads as its type's default */
  body = g_variant_ref_sink (little_endian (g_variant_new_from_bytes (G_VARIANT_TYPE_VARDICT, bytes, FALSE)));
  all = g_variant_lookup_value (body, "modes", G_VARIANT_TYPE_VARDICT);
  if (all == NULL)
    {
      g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_JSON, "%s: a summary without its tables", self->path);
      return FALSE;
    }
  if (!set_modes (self, all, &local_error))
    {
      g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_JSON, "%s: %s", self->path, local_error->message);
      return FALSE;
    }
  return TRUE;
}

/**
 * hp_summary_read:
 *
 * Reads the header of the summary in @path (its rank, trace, checksum and
 * times); the tables are read when first asked for.
 *
 * Returns: (transfer full): the summary, or %NULL with @error set when it
 *   is not one, is damaged, or comes from a later format
 */
HpSummary *
hp_summary_read (const char *path,
                 GError    **error)
{
  gsize              magic = strlen (HP_SUMMARY_MAGIC);
  guint8             start[64];
  guint32            header_len;
  g_autofree guint8 *header = NULL;
  g_autoptr (GError) local_error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  HpSummary *self;
  FILE      *f = g_fopen (path, "rb");
  gsize      got;

  if (f == NULL)
    {
      int saved = errno;

      g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_UNREADABLE, "%s: %s", path, g_strerror (saved));
      return NULL;
    }
  got = fread (start, 1, magic + 4, f);
  if (got < magic + 4 || memcmp (start, HP_SUMMARY_MAGIC, magic) != 0)
    {
      fclose (f);
      g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_JSON, "%s: not a Hotpath summary", path);
      return NULL;
    }
  header_len = (guint32)start[magic] | (guint32)start[magic + 1] << 8 | (guint32)start[magic + 2] << 16 |
               (guint32)start[magic + 3] << 24;
  if (header_len > MAX_HEADER_BYTES)
    {
      fclose (f);
      g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_JSON, "%s: a damaged summary: its header is %u bytes",
                   path, header_len);
      return NULL;
    }
  header = g_malloc (MAX (header_len, 1));
  got = fread (header, 1, header_len, f);
  fclose (f);
  if (got != header_len)
    {
      g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_TRUNCATED, "%s: a damaged summary: it ends early", path);
      return NULL;
    }
  bytes = g_bytes_new_take (g_steal_pointer (&header), header_len);
  self = summary_new (g_variant_ref_sink (little_endian (g_variant_new_from_bytes (G_VARIANT_TYPE_VARDICT, bytes,
                                                                                   FALSE))),
                      &local_error);
  if (self == NULL)
    {
      g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_JSON, "%s: %s", path, local_error->message);
      return NULL;
    }
  self->path = g_strdup (path);
  self->body_offset = magic + 4 + header_len;
  return self;
}

static GBytes *
gzip_bytes (GVariant *v)
{
  g_autoptr (GVariant) normal = g_variant_get_normal_form (v);
  g_autoptr (GVariant) le = G_BYTE_ORDER == G_LITTLE_ENDIAN ? g_variant_ref (normal) : g_variant_byteswap (normal);
  g_autoptr (GZlibCompressor) gzip = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, 9);
  g_autoptr (GByteArray) out = g_byte_array_new ();
  const guint8 *in = g_variant_get_data (le);
  gsize         n = g_variant_get_size (le);
  gsize         at = 0;

  for (;;)
    {
      guint8           chunk[65536];
      gsize            read = 0, written = 0;
      GConverterResult res = g_converter_convert (G_CONVERTER (gzip), in + at, n - at, chunk, sizeof chunk,
                                                  G_CONVERTER_INPUT_AT_END, &read, &written, NULL);

      at += read;
      g_byte_array_append (out, chunk, written);
      if (res == G_CONVERTER_FINISHED || res == G_CONVERTER_ERROR)
        break;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}

/**
 * hp_summary_to_bytes:
 *
 * Returns: (transfer full): the summary file: HP_SUMMARY_MAGIC, the
 *   header's length (32 bits, little-endian), the header, then the body
 *   gzip-compressed (docs/cluster.md)
 */
GBytes *
hp_summary_to_bytes (HpSummary *self)
{
  g_autoptr (GVariant) header = g_variant_get_normal_form (self->root);
  g_autoptr (GVariant) le = G_BYTE_ORDER == G_LITTLE_ENDIAN ? g_variant_ref (header) : g_variant_byteswap (header);
  g_autoptr (GByteArray) out = g_byte_array_new ();
  g_autoptr (GBytes) body = NULL;
  GVariantBuilder modes;
  GVariantDict    dict;
  guint32         n = (guint32)g_variant_get_size (le);
  guint8          len[4] = { n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >> 24 };

  g_variant_builder_init (&modes, G_VARIANT_TYPE_VARDICT);
  for (guint m = 0; m < G_N_ELEMENTS (mode_keys); m++)
    g_variant_builder_add (&modes, "{sv}", mode_keys[m], _hp_summary_get_mode (self, m));
  g_variant_dict_init (&dict, NULL);
  g_variant_dict_insert_value (&dict, "modes", g_variant_builder_end (&modes));
  {
    g_autoptr (GVariant) v = g_variant_ref_sink (g_variant_dict_end (&dict));

    body = gzip_bytes (v);
  }
  g_byte_array_append (out, (const guint8 *)HP_SUMMARY_MAGIC, strlen (HP_SUMMARY_MAGIC));
  g_byte_array_append (out, len, 4);
  g_byte_array_append (out, g_variant_get_data (le), n);
  g_byte_array_append (out, g_bytes_get_data (body, NULL), g_bytes_get_size (body));
  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}

/**
 * hp_summary_write:
 *
 * Writes the summary to @path, atomically.
 */
gboolean
hp_summary_write (HpSummary  *self,
                  const char *path,
                  GError    **error)
{
  g_autoptr (GBytes) bytes = hp_summary_to_bytes (self);
  gsize       size;
  const char *data = g_bytes_get_data (bytes, &size);

  return g_file_set_contents (path, data, size, error);
}

HpSummary *
hp_summary_ref (HpSummary *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
hp_summary_unref (HpSummary *self)
{
  g_return_if_fail (self != NULL);
  if (g_atomic_ref_count_dec (&self->ref_count))
    summary_free (self);
}

int
hp_summary_get_rank (HpSummary *self)
{
  return self->rank;
}

const char *
hp_summary_get_trace_path (HpSummary *self)
{
  return self->trace_path;
}

const char *
hp_summary_get_trace_sha256 (HpSummary *self)
{
  return self->sha256;
}

guint64
hp_summary_get_trace_bytes (HpSummary *self)
{
  return self->trace_bytes;
}

gint64
hp_summary_get_min_ts (HpSummary *self)
{
  return self->min_ts;
}

/**
 * hp_summary_dup_file_name:
 *
 * Returns: the name of the summary of the trace: its file name with
 *   `.json`, `.gz` cut and HP_SUMMARY_SUFFIX added
 */
char *
hp_summary_dup_file_name (HpSummary *self)
{
  g_autofree char *base = g_path_get_basename (self->trace_path);

  if (g_str_has_suffix (base, ".gz"))
    base[strlen (base) - 3] = '\0';
  if (g_str_has_suffix (base, ".json"))
    base[strlen (base) - 5] = '\0';
  return g_strconcat (base, HP_SUMMARY_SUFFIX, NULL);
}

/* the a{sv} of @mode, read from the file when first asked for; a damaged
 * body gives empty ones, and hp_summary_get_body_error() says why */
GVariant *
_hp_summary_get_mode (HpSummary *self,
                      HpMode     mode)
{
  guint m = mode == HP_MODE_HTA_COMPAT ? 1 : 0;

  g_mutex_lock (&self->lock);
  if (self->modes[m] == NULL)
    {
      g_autoptr (GError) error = NULL;

      if (self->path == NULL || !load_body (self, &error))
        {
          for (guint k = 0; k < G_N_ELEMENTS (self->modes); k++)
            if (self->modes[k] == NULL)
              self->modes[k] = g_variant_ref_sink (g_variant_new_array (G_VARIANT_TYPE ("{sv}"), NULL, 0));
          self->body_error = g_strdup (error != NULL ? error->message : "a summary without its tables");
        }
    }
  g_mutex_unlock (&self->lock);
  return self->modes[m];
}

/**
 * hp_summary_get_body_error:
 *
 * Returns: (nullable): why the summary's tables could not be read, once
 *   they were asked for
 */
const char *
hp_summary_get_body_error (HpSummary *self)
{
  return self->body_error;
}

/**
 * hp_summary_get_tables:
 * @analysis: an analysis of the default set
 *
 * Returns: (transfer full) (nullable) (element-type HpTable): the rank's
 *   tables of @analysis in @mode, or %NULL when the summary has none
 */
GPtrArray *
hp_summary_get_tables (HpSummary  *self,
                       HpMode      mode,
                       const char *analysis)
{
  g_autoptr (GVariant) analyses = g_variant_lookup_value (_hp_summary_get_mode (self, mode), "analyses",
                                                          G_VARIANT_TYPE_VARDICT);
  g_autoptr (GVariant) list = NULL;
  g_autoptr (GPtrArray) tables = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_table_unref);

  if (analyses == NULL)
    return NULL;
  list = g_variant_lookup_value (analyses, analysis, G_VARIANT_TYPE ("a" TABLE_TYPE));
  if (list == NULL)
    return NULL;
  for (gsize i = 0; i < g_variant_n_children (list); i++)
    {
      g_autoptr (GVariant) child = g_variant_get_child_value (list, i);
      HpTable *table = _hp_summary_table_from_variant (child);

      if (table == NULL)
        return NULL;
      g_ptr_array_add (tables, table);
    }
  return g_steal_pointer (&tables);
}

/**
 * hp_summary_get_lanes:
 * @job_min_ts: the job's first start, as hp_trace_get_min_ts() gives it
 *
 * Returns: (transfer full) (element-type HpSummaryLane): the rank's lanes
 *   with their activity, in the job's aligned time; the strings and bins
 *   belong to @self
 */
GArray *
hp_summary_get_lanes (HpSummary *self,
                      gint64     job_min_ts)
{
  g_autoptr (GVariant) activity = g_variant_lookup_value (_hp_summary_get_mode (self, HP_MODE_DEFAULT),
                                                          "activity", G_VARIANT_TYPE ("(xxa(xxsbay))"));
  GArray *lanes = g_array_new (FALSE, TRUE, sizeof (HpSummaryLane));
  g_autoptr (GVariant) list = NULL;
  gint64 start, end, shift = self->min_ts - job_min_ts;

  if (activity == NULL)
    return lanes;
  g_variant_get (activity, "(xx@a(xxsbay))", &start, &end, &list);
  for (gsize i = 0; i < g_variant_n_children (list); i++)
    {
      g_autoptr (GVariant) bins = NULL;
      HpSummaryLane lane = { 0 };
      gsize         n;
      const char   *name;

      g_variant_get_child (list, i, "(xx&sb@ay)", &lane.pid, &lane.tid, &name, &lane.is_gpu, &bins);
      lane.rank = self->rank;
      lane.name = name; /* points into the root, which @self keeps */
      lane.start = start + shift;
      lane.end = end + shift;
      lane.bins = g_variant_get_fixed_array (bins, &n, 1);
      lane.n_bins = n;
      g_array_append_val (lanes, lane);
    }
  return lanes;
}

/**
 * hp_path_is_summary:
 *
 * Returns: whether @path is named as a summary (HP_SUMMARY_SUFFIX)
 */
gboolean
hp_path_is_summary (const char *path)
{
  return path != NULL && g_str_has_suffix (path, HP_SUMMARY_SUFFIX);
}

guint64
hp_summary_get_n_events (HpSummary *self)
{
  return self->n_events;
}

const char *
hp_summary_get_source (HpSummary *self)
{
  return self->source;
}

/**
 * hp_summary_get_steps:
 * @job_min_ts: the job's first start, as hp_trace_get_min_ts() gives it
 *
 * Returns: (transfer full) (element-type HpStep): the rank's steps as
 *   recorded, in the job's aligned time (@event is not set)
 */
GArray *
hp_summary_get_steps (HpSummary *self,
                      gint64     job_min_ts)
{
  g_autoptr (GVariant) steps = g_variant_lookup_value (_hp_summary_get_mode (self, HP_MODE_DEFAULT), "steps",
                                                       G_VARIANT_TYPE ("a(ixxb)"));
  GArray *out = g_array_new (FALSE, TRUE, sizeof (HpStep));
  gint64  shift = self->min_ts - job_min_ts;

  for (gsize i = 0; steps != NULL && i < g_variant_n_children (steps); i++)
    {
      HpStep step = { 0 };

      g_variant_get_child (steps, i, "(ixxb)", &step.number, &step.span.start, &step.span.end, &step.measured);
      step.span.start += shift;
      step.span.end += shift;
      g_array_append_val (out, step);
    }
  return out;
}

/**
 * hp_summary_get_step_names:
 *
 * Returns: (transfer full): the names of the rank's measured steps
 *   (`ProfilerStep#N`), from the header
 */
GStrv
hp_summary_get_step_names (HpSummary *self)
{
  return self->step_names != NULL ? g_variant_dup_strv (self->step_names, NULL) : g_new0 (char *, 1);
}

void
hp_summary_get_n_lanes (HpSummary *self,
                        guint     *n_cpu,
                        guint     *n_gpu)
{
  *n_cpu = self->n_cpu_lanes;
  *n_gpu = self->n_gpu_lanes;
}
