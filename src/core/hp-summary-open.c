/* hp-summary-open.c — opening a job from rank summaries (or a folder of summaries and traces), and its coarse activity as a trace.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "hp-summary-private.h"

static int
cmp_summary_rank (gconstpointer a,
                  gconstpointer b)
{
  const HpSummary *x = *(HpSummary *const *)a;
  const HpSummary *y = *(HpSummary *const *)b;

  return (x->rank > y->rank) - (x->rank < y->rank);
}

static HpRank *
stub_rank (HpSummary  *s,
           const char *path)
{
  HpRank     *r = g_new0 (HpRank, 1);
  const char *metadata = NULL;
  JsonNode   *node;

  r->rank = s->rank;
  r->path = g_strdup (path);
  r->basename = g_path_get_basename (path);
  r->device_type = g_strdup (s->device_type != NULL ? s->device_type : "UNKNOWN GPU");
  r->file_bytes = s->trace_bytes;
  r->json_bytes = s->json_bytes;
  /* no events, but what readers of a rank expect to look up in */
  r->arg_keys = hp_strings_new ();
  g_variant_lookup (s->root, "metadata", "&s", &metadata);
  node = metadata != NULL ? json_from_string (metadata, NULL) : NULL;
  r->metadata = node != NULL ? node : json_node_init_object (json_node_alloc (), json_object_new ());
  return r;
}

static void
add_issues (GListStore *issues,
            HpSummary  *s,
            HpMode      mode)
{
  g_autoptr (GVariant) all = g_variant_lookup_value (s->root, "issues", G_VARIANT_TYPE_VARDICT);
  g_autoptr (GVariant) list = all != NULL ? g_variant_lookup_value (all, mode == HP_MODE_HTA_COMPAT ? "hta-compat" : "default",
                                                                    G_VARIANT_TYPE ("a(yis)"))
                                          : NULL;

  for (gsize i = 0; list != NULL && i < g_variant_n_children (list); i++)
    {
      const char *message;
      guchar      severity;
      int         code;

      g_variant_get_child (list, i, "(yi&s)", &severity, &code, &message);
      _hp_load_issue_add (issues, s->trace_path, MIN (severity, HP_LOAD_ISSUE_INFO), code, "%s", message);
    }
}

static gboolean
is_trace_name (const char *name)
{
  return !hp_memory_timeline_is_export (name) && (g_str_has_suffix (name, ".json") || g_str_has_suffix (name, ".gz"));
}

static int
cmp_path (gconstpointer a,
          gconstpointer b)
{
  return strcmp (*(char *const *)a, *(char *const *)b);
}

/* the summaries and trace files of @paths, folders expanded (not
 * recursively) and sorted; other files go to @others */
static gboolean
collect (const char *const *paths,
         GPtrArray         *found,
         GPtrArray         *others,
         GListStore        *issues,
         GError           **error)
{
  guint n_paths = g_strv_length ((char **)paths);

  for (guint k = 0; k < n_paths; k++)
    {
      g_autoptr (GError) local_error = NULL;
      g_autoptr (GPtrArray) in_dir = NULL;
      GDir *dir;

      if (!g_file_test (paths[k], G_FILE_TEST_EXISTS))
        {
          if (n_paths == 1)
            {
              g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_FOUND, "%s: no such file or folder", paths[k]);
              return FALSE;
            }
          _hp_load_issue_add (issues, paths[k], HP_LOAD_ISSUE_ERROR, HP_LOAD_ERROR_NOT_FOUND,
                              "%s: no such file or folder", paths[k]);
          continue;
        }
      if (!g_file_test (paths[k], G_FILE_TEST_IS_DIR))
        {
          g_ptr_array_add (found, g_strdup (paths[k]));
          continue;
        }
      dir = g_dir_open (paths[k], 0, &local_error);
      if (dir == NULL)
        {
          g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_UNREADABLE, "%s: the folder cannot be read: %s",
                       paths[k], local_error->message);
          return FALSE;
        }
      in_dir = g_ptr_array_new ();
      for (const char *name = g_dir_read_name (dir); name != NULL; name = g_dir_read_name (dir))
        {
          char *full = g_build_filename (paths[k], name, NULL);

          if (name[0] == '.' || g_file_test (full, G_FILE_TEST_IS_DIR) ||
              !(hp_path_is_summary (name) || is_trace_name (name)))
            g_ptr_array_add (others, full);
          else
            g_ptr_array_add (in_dir, full);
        }
      g_dir_close (dir);
      g_ptr_array_sort (in_dir, cmp_path);
      for (guint i = 0; i < in_dir->len; i++)
        g_ptr_array_add (found, in_dir->pdata[i]);
    }
  if (found->len == 0)
    {
      g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_EMPTY, "%s: no summary or trace file", paths[0]);
      return FALSE;
    }
  return TRUE;
}

/**
 * hp_paths_have_summaries:
 *
 * Returns: whether @paths name a summary or a folder that holds one
 */
gboolean
hp_paths_have_summaries (const char *const *paths)
{
  for (guint k = 0; paths != NULL && paths[k] != NULL; k++)
    {
      g_autoptr (GDir) dir = NULL;

      if (hp_path_is_summary (paths[k]))
        return TRUE;
      dir = g_dir_open (paths[k], 0, NULL);
      for (const char *name = dir != NULL ? g_dir_read_name (dir) : NULL; name != NULL; name = g_dir_read_name (dir))
        if (hp_path_is_summary (name))
          return TRUE;
    }
  return FALSE;
}

/**
 * hp_summary_load_paths:
 * @paths: summaries, trace files and folders of them
 *
 * Opens a job from rank summaries; trace files among them (a mixed folder)
 * are summarised on the way. Its analyses of the default set give the
 * tables a full load gives; the others fail, naming the ranks to load.
 *
 * Returns: (transfer full): the job, or %NULL with @error set
 */
HpTrace *
hp_summary_load_paths (const char *const   *paths,
                       const HpLoadOptions *options,
                       GCancellable        *cancellable,
                       GError             **error)
{
  g_autoptr (GPtrArray) summaries = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_summary_unref);
  g_autoptr (GPtrArray) others = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GListStore) issues = g_list_store_new (HP_TYPE_LOAD_ISSUE);
  g_autoptr (GHashTable) union_steps = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GPtrArray) ranks = g_ptr_array_new ();
  g_autoptr (GPtrArray) candidates = g_ptr_array_new_with_free_func (g_free);
  HpMode   mode = options != NULL ? options->mode : HP_MODE_DEFAULT;
  gint64   min_ts = G_MAXINT64;
  HpTrace *trace;

  if (options != NULL && options->include_last_step)
    {
      g_set_error_literal (error, HP_LOAD_ERROR, HP_LOAD_ERROR_EMPTY,
                           "summaries keep the last step filtered out: load the traces for --include-last-step");
      return NULL;
    }
  if (!collect (paths, candidates, others, issues, error))
    return NULL;
  for (guint k = 0; k < candidates->len; k++)
    {
      const char *path = candidates->pdata[k];
      g_autoptr (GError) local_error = NULL;
      HpSummary *s;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
      s = hp_path_is_summary (path) ? hp_summary_read (path, &local_error)
                                    : hp_summary_new_for_trace (path, cancellable, &local_error);
      if (s == NULL)
        {
          _hp_load_issue_add (issues, path, HP_LOAD_ISSUE_ERROR, HP_LOAD_ERROR_NOT_JSON, "%s",
                              local_error->message);
          continue;
        }
      s->source = g_strdup (path);
      g_ptr_array_add (summaries, s);
    }
  if (summaries->len == 0)
    {
      g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_EMPTY, "%s: no summary or trace could be read",
                   paths[0]);
      return NULL;
    }
  g_ptr_array_sort (summaries, cmp_summary_rank);
  for (guint k = 1; k < summaries->len;)
    {
      HpSummary *a = summaries->pdata[k - 1];
      HpSummary *b = summaries->pdata[k];

      if (a->rank == b->rank)
        {
          _hp_load_issue_add (issues, b->source, HP_LOAD_ISSUE_ERROR, HP_LOAD_ERROR_DUPLICATE_RANK,
                              "%s: rank %d is already %s; this file was not used", b->source, b->rank, a->source);
          g_ptr_array_remove_index (summaries, k);
          continue;
        }
      k++;
    }
  for (guint k = 0; k < summaries->len; k++)
    {
      HpSummary *s = summaries->pdata[k];

      min_ts = MIN (min_ts, s->min_ts);
      for (gsize i = 0; s->step_names != NULL && i < g_variant_n_children (s->step_names); i++)
        {
          const char *name;

          g_variant_get_child (s->step_names, i, "&s", &name);
          g_hash_table_add (union_steps, (gpointer)name);
        }
    }
  for (guint k = 0; k < summaries->len; k++)
    {
      HpSummary *s = summaries->pdata[k];
      guint      own = s->step_names != NULL ? g_variant_n_children (s->step_names) : 0;

      add_issues (issues, s, mode);
      /* the last-step filter counts the job's step names */
      if (own != g_hash_table_size (union_steps) && (own >= 2 || g_hash_table_size (union_steps) >= 2))
        _hp_load_issue_add (issues, s->source, HP_LOAD_ISSUE_WARNING, -1,
                            "%s: rank %d has %u of the job's %u steps: its tables were made from its own steps; "
                            "load its trace (%s) with the others to compare",
                            s->source, s->rank, own, g_hash_table_size (union_steps), s->trace_path);
      g_ptr_array_add (ranks, stub_rank (s, s->source));
    }
  for (guint k = 0; k < summaries->len; k++)
    ((HpSummary *)summaries->pdata[k])->job_min_ts = min_ts;
  trace = _hp_trace_new (mode, FALSE, hp_strings_new (), g_steal_pointer (&ranks), g_steal_pointer (&issues),
                         g_steal_pointer (&others), min_ts);
  _hp_trace_set_summaries (trace, summaries, &_hp_summary_job_hooks);
  return trace;
}

/* one rank's activity as a Kineto trace: an event per busy bin of each
 * lane, named by its share */
static gboolean
write_activity (HpSummary  *s,
                const char *path,
                GError    **error)
{
  g_autoptr (GArray) lanes = hp_summary_get_lanes (s, s->job_min_ts);
  g_autoptr (GString) out = g_string_new (NULL);
  gboolean first = TRUE;

  const char *metadata = NULL;

  /* the trace's own top-level members (device properties and the like),
   * then its activity as the events */
  g_variant_lookup (s->root, "metadata", "&s", &metadata);
  if (metadata != NULL && metadata[0] == '{' && strchr (metadata, ':') != NULL && g_str_has_suffix (metadata, "}"))
    {
      g_string_append_len (out, metadata, strlen (metadata) - 1);
      g_string_append (out, ", ");
    }
  else
    g_string_append (out, "{");
  if (metadata == NULL || strstr (metadata, "\"distributedInfo\"") == NULL)
    g_string_append_printf (out, "\"distributedInfo\": {\"rank\": %d}, ", s->rank);
  g_string_append (out, "\"traceEvents\": [");
  for (guint l = 0; l < lanes->len; l++)
    {
      const HpSummaryLane *lane = &g_array_index (lanes, HpSummaryLane, l);
      double               width = (double)(lane->end - lane->start) / MAX (lane->n_bins, 1);
      g_autofree char     *name = g_strescape (lane->name != NULL ? lane->name : "", NULL);

      if (name[0] != '\0')
        {
          g_string_append_printf (out,
                                  "%s{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": %" G_GINT64_FORMAT
                                  ", \"tid\": %" G_GINT64_FORMAT ", \"args\": {\"name\": \"%s\"}}",
                                  first ? "" : ",\n", lane->pid, lane->tid, name);
          first = FALSE;
        }
      for (guint b = 0; b < lane->n_bins; b++)
        {
          double start = (double)lane->start + b * width;
          double dur = width * lane->bins[b] / 255.0;

          if (lane->bins[b] == 0 || dur < 1000)
            continue;
          /* times in us, as Kineto writes them; the job starts at 1 s */
          g_string_append_printf (out,
                                  "%s{\"ph\": \"X\", \"cat\": \"%s\", \"name\": \"busy %d%%\", \"pid\": %" G_GINT64_FORMAT
                                  ", \"tid\": %" G_GINT64_FORMAT ", \"ts\": %.3f, \"dur\": %.3f",
                                  first ? "" : ",\n", lane->is_gpu ? "kernel" : "user_annotation",
                                  (int)(lane->bins[b] * 100 / 255), lane->pid, lane->tid, 1e6 + start / 1000.0,
                                  dur / 1000.0);
          if (lane->is_gpu)
            g_string_append_printf (out, ", \"args\": {\"stream\": %" G_GINT64_FORMAT ", \"device\": %" G_GINT64_FORMAT "}",
                                    lane->tid, lane->pid);
          g_string_append (out, "}");
          first = FALSE;
        }
    }
  /* the job's start on every rank, so that all align as the job does */
  g_string_append_printf (out,
                          "%s{\"ph\": \"X\", \"cat\": \"user_annotation\", \"name\": \"job start\", \"pid\": 0, "
                          "\"tid\": 0, \"ts\": 1000000, \"dur\": 0}]}\n",
                          first ? "" : ",\n");
  return g_file_set_contents (path, out->str, out->len, error);
}

/**
 * hp_summary_job_with_activity:
 * @job: a job opened from summaries
 *
 * The same job, whose ranks also hold their coarse activity as events (one
 * per busy bin of each lane, named by its share), for a timeline to draw.
 * Its analyses, health and comparisons still come from the summaries.
 *
 * Returns: (transfer full): the job, or %NULL with @error set
 */
HpTrace *
hp_summary_job_with_activity (HpTrace      *job,
                              GCancellable *cancellable,
                              GError      **error)
{
  GPtrArray       *summaries = hp_trace_get_summaries (job);
  g_autofree char *dir = NULL;
  g_autoptr (GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  HpLoadOptions options = { 0 };
  HpTrace      *trace;

  g_return_val_if_fail (summaries != NULL, NULL);

  dir = g_dir_make_tmp ("hotpath-activity-XXXXXX", error);
  if (dir == NULL)
    return NULL;
  for (guint k = 0; k < summaries->len; k++)
    {
      g_autofree char *name = g_strdup_printf ("rank-%d.json", ((HpSummary *)summaries->pdata[k])->rank);
      char            *path = g_build_filename (dir, name, NULL);

      g_ptr_array_add (paths, path);
      if (!write_activity (summaries->pdata[k], path, error))
        break;
    }
  g_ptr_array_add (paths, NULL);
  options.mode = hp_trace_get_mode (job);
  trace = paths->len == summaries->len + 1 ? hp_load_paths ((const char *const *)paths->pdata, &options, cancellable, NULL, error)
                                           : NULL;
  for (guint k = 0; k + 1 < paths->len; k++)
    g_remove (paths->pdata[k]);
  g_rmdir (dir);
  if (trace == NULL)
    return NULL;
  /* the ranks are the summaries' files, with the job's issues */
  for (guint p = 0; p < hp_trace_get_n_ranks (trace); p++)
    {
      HpRank    *r = (HpRank *)hp_trace_get_rank (trace, p);
      HpSummary *s = NULL;

      for (guint k = 0; k < summaries->len && s == NULL; k++)
        if (((HpSummary *)summaries->pdata[k])->rank == r->rank)
          s = summaries->pdata[k];
      if (s == NULL)
        continue;
      g_free (r->path);
      g_free (r->basename);
      r->path = g_strdup (s->source);
      r->basename = g_path_get_basename (s->source);
      r->file_bytes = s->trace_bytes;
      r->json_bytes = s->json_bytes;
      if (s->device_type != NULL)
        {
          g_free (r->device_type);
          r->device_type = g_strdup (s->device_type);
        }
    }
  g_list_store_remove_all (G_LIST_STORE (hp_trace_get_issues (trace)));
  for (guint k = 0; k < g_list_model_get_n_items (hp_trace_get_issues (job)); k++)
    {
      g_autoptr (GObject) issue = g_list_model_get_item (hp_trace_get_issues (job), k);

      g_list_store_append (G_LIST_STORE (hp_trace_get_issues (trace)), issue);
    }
  _hp_trace_set_summaries (trace, summaries, &_hp_summary_job_hooks);
  return trace;
}
