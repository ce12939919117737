/* _hotpath-trace.c — hotpath.Trace: a loaded trace, its rows and its analyses.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <Python.h>

#include "config.h"

#include <math.h>
#include <string.h>

#include "_hotpath-private.h"

/* --- Trace ------------------------------------------------------------------- */

PyObject *
hp_py_trace_wrap (HpTrace *trace)
{
  TraceObject *self = PyObject_New (TraceObject, &TraceType);

  if (self != NULL)
    self->trace = hp_trace_ref (trace);
  return (PyObject *)self;
}

static void
trace_dealloc (TraceObject *self)
{
  g_clear_pointer (&self->trace, hp_trace_unref);
  PyObject_Free (self);
}

const HpRank *
hp_py_find_rank (TraceObject *self,
                 int          rank)
{
  const HpRank *r = hp_trace_find_rank (self->trace, rank);

  if (r == NULL)
    PyErr_Format (PyExc_ValueError, "rank %d is not in the trace", rank);
  return r;
}

static PyObject *
trace_ranks (TraceObject *self,
             PyObject    *unused)
{
  guint     n = hp_trace_get_n_ranks (self->trace);
  PyObject *list = PyList_New (n);

  for (guint i = 0; list != NULL && i < n; i++)
    PyList_SET_ITEM (list, i, PyLong_FromLong (hp_trace_get_rank (self->trace, i)->rank));
  return list;
}

static PyObject *
trace_files (TraceObject *self,
             PyObject    *unused)
{
  guint     n = hp_trace_get_n_ranks (self->trace);
  PyObject *dict = PyDict_New ();

  for (guint i = 0; dict != NULL && i < n; i++)
    {
      const HpRank *r = hp_trace_get_rank (self->trace, i);
      PyObject     *k = PyLong_FromLong (r->rank);
      PyObject     *v = PyUnicode_DecodeFSDefault (r->path);

      if (k == NULL || v == NULL || PyDict_SetItem (dict, k, v) < 0)
        Py_CLEAR (dict);
      Py_XDECREF (k);
      Py_XDECREF (v);
    }
  return dict;
}

static PyObject *
trace_iterations (TraceObject *self,
                  PyObject    *args)
{
  int           rank;
  const HpRank *r;
  PyObject     *list;

  if (!PyArg_ParseTuple (args, "i", &rank) || (r = hp_py_find_rank (self, rank)) == NULL)
    return NULL;
  list = PyList_New (0);
  for (guint i = 0; list != NULL && i < r->n_iterations; i++)
    if (r->iterations[i] >= 0)
      {
        PyObject *v = PyLong_FromLong (r->iterations[i]);

        if (v == NULL || PyList_Append (list, v) < 0)
          Py_CLEAR (list);
        Py_XDECREF (v);
      }
  return list;
}

static PyObject *
trace_strings (TraceObject *self,
               PyObject    *unused)
{
  guint     n = hp_trace_get_n_strings (self->trace);
  PyObject *list = PyList_New (n);

  for (guint i = 0; list != NULL && i < n; i++)
    {
      const char *s = hp_trace_get_string (self->trace, i);
      PyObject   *v = PyUnicode_DecodeUTF8 (s != NULL ? s : "", s != NULL ? (Py_ssize_t)strlen (s) : 0, "replace");

      if (v == NULL)
        {
          Py_CLEAR (list);
          break;
        }
      PyList_SET_ITEM (list, i, v);
    }
  return list;
}

PyObject *
hp_py_bytes_of (const void *data,
                gsize       n,
                gsize       size)
{
  return PyBytes_FromStringAndSize (data, (Py_ssize_t)(n * size));
}

/* One arg of every row: where it is set, its kind and value. */
typedef struct
{
  guint32 key;
  GArray *rows;  /* guint32: positions in the rank's rows */
  GArray *kinds; /* guint8: HpArgType */
  GArray *ints;  /* gint64 */
  GArray *dbls;  /* double */
  GArray *texts; /* HpArgValue's text: const char *, gsize; NULL for numbers */
  GArray *lens;
} ArgColumn;

static PyObject *
arg_column_to_python (ArgColumn *c)
{
  guint     n = c->rows->len;
  PyObject *texts = PyList_New (n);
  PyObject *rows, *kinds, *ints, *dbls;

  for (guint i = 0; texts != NULL && i < n; i++)
    {
      const char *t = g_array_index (c->texts, const char *, i);
      PyObject   *v;

      if (t == NULL)
        {
          v = Py_None;
          Py_INCREF (v);
        }
      else if ((v = PyUnicode_DecodeUTF8 (t, (Py_ssize_t)g_array_index (c->lens, gsize, i), "replace")) == NULL)
        {
          Py_CLEAR (texts);
          break;
        }
      PyList_SET_ITEM (texts, i, v);
    }
  if (texts == NULL)
    return NULL;
  rows = hp_py_bytes_of (c->rows->data, n, sizeof (guint32));
  kinds = hp_py_bytes_of (c->kinds->data, n, sizeof (guint8));
  ints = hp_py_bytes_of (c->ints->data, n, sizeof (gint64));
  dbls = hp_py_bytes_of (c->dbls->data, n, sizeof (double));
  return Py_BuildValue ("(NNNNN)", rows, kinds, ints, dbls, texts);
}

static PyObject *
trace_event_args (TraceObject *self,
                  PyObject    *args)
{
  int           rank;
  PyObject     *keys, *seq, *result = NULL;
  const HpRank *r;
  ArgColumn    *cols;
  guint         n_keys;

  if (!PyArg_ParseTuple (args, "iO", &rank, &keys) || (r = hp_py_find_rank (self, rank)) == NULL)
    return NULL;
  if (PyUnicode_Check (keys))
    {
      PyErr_SetString (PyExc_TypeError, "keys must be a sequence of arg names, not one string");
      return NULL;
    }
  if ((seq = PySequence_Fast (keys, "keys must be a sequence of arg names")) == NULL)
    return NULL;
  n_keys = (guint)PySequence_Fast_GET_SIZE (seq);
  cols = g_new0 (ArgColumn, MAX (n_keys, 1));
  for (guint j = 0; j < n_keys; j++)
    {
      const char *key = PyUnicode_AsUTF8 (PySequence_Fast_GET_ITEM (seq, j));

      if (key == NULL)
        goto out;
      /* a key no event has matches nothing */
      cols[j].key = hp_rank_lookup_arg_key (r, key);
      cols[j].rows = g_array_new (FALSE, FALSE, sizeof (guint32));
      cols[j].kinds = g_array_new (FALSE, FALSE, sizeof (guint8));
      cols[j].ints = g_array_new (FALSE, FALSE, sizeof (gint64));
      cols[j].dbls = g_array_new (FALSE, FALSE, sizeof (double));
      cols[j].texts = g_array_new (FALSE, FALSE, sizeof (const char *));
      cols[j].lens = g_array_new (FALSE, FALSE, sizeof (gsize));
    }

  Py_BEGIN_ALLOW_THREADS;
  for (guint k = 0; n_keys > 0 && k < r->n_rows; k++)
    {
      HpArgIter  it;
      HpArgValue v;

      if (!hp_rank_args_iter_init (r, r->rows[k], &it))
        continue;
      while (hp_rank_args_iter_next (&it, &v))
        for (guint j = 0; j < n_keys; j++)
          if (cols[j].key == v.key)
            {
              guint8      kind = (guint8)v.type;
              const char *text = v.type == HP_ARG_STRING || v.type == HP_ARG_JSON || v.type == HP_ARG_NUMBER ? v.s : NULL;
              gsize       len = text != NULL ? v.s_len : 0;

              /* an empty string's text may have no bytes to point at */
              if (text == NULL && (v.type == HP_ARG_STRING || v.type == HP_ARG_JSON))
                text = "";
              g_array_append_val (cols[j].rows, k);
              g_array_append_val (cols[j].kinds, kind);
              g_array_append_val (cols[j].ints, v.i);
              g_array_append_val (cols[j].dbls, v.d);
              g_array_append_val (cols[j].texts, text);
              g_array_append_val (cols[j].lens, len);
              break;
            }
    }
  Py_END_ALLOW_THREADS;

  result = PyList_New (n_keys);
  for (guint j = 0; result != NULL && j < n_keys; j++)
    {
      PyObject *col = arg_column_to_python (&cols[j]);

      if (col == NULL)
        Py_CLEAR (result);
      else
        PyList_SET_ITEM (result, j, col);
    }

out:
  for (guint j = 0; j < n_keys; j++)
    if (cols[j].rows != NULL)
      {
        g_array_unref (cols[j].rows);
        g_array_unref (cols[j].kinds);
        g_array_unref (cols[j].ints);
        g_array_unref (cols[j].dbls);
        g_array_unref (cols[j].texts);
        g_array_unref (cols[j].lens);
      }
  g_free (cols);
  Py_DECREF (seq);
  return result;
}

/* The rank's loaded rows, as HTA's per-rank frame: columns of int64 (ids
 * into strings() for name and cat) and of double, microseconds; each a
 * bytearray that numpy takes as it is (writable, no copy). ts is int64
 * when every time is a whole microsecond, double otherwise. */
enum
{
  COL_INDEX,
  COL_CAT,
  COL_NAME,
  COL_PID,
  COL_TID,
  COL_TS,
  COL_DUR,
  COL_STREAM,
  COL_CORR,
  COL_ICORR,
  COL_ITER,
  COL_END,
  N_COLS
};

static PyObject *
trace_events (TraceObject *self,
              PyObject    *args)
{
  static const char *const names[N_COLS] = { "index", "cat", "name", "pid", "tid", "ts", "dur", "stream",
                                             "correlation", "index_correlation", "iteration", "end" };
  int                      rank;
  const HpRank            *r;
  guint                    n;
  gboolean                 whole_us = TRUE;
  PyObject                *cols[N_COLS] = { NULL };
  gint64                  *c[N_COLS];
  PyObject                *dict = NULL;

  if (!PyArg_ParseTuple (args, "i", &rank) || (r = hp_py_find_rank (self, rank)) == NULL)
    return NULL;
  n = r->n_rows;
  for (guint j = 0; j < N_COLS; j++)
    {
      if ((cols[j] = PyByteArray_FromStringAndSize (NULL, (Py_ssize_t)n * 8)) == NULL)
        goto out;
      c[j] = (gint64 *)(gpointer)PyByteArray_AS_STRING (cols[j]);
    }

  Py_BEGIN_ALLOW_THREADS;
  for (guint k = 0; k < n && whole_us; k++)
    whole_us = r->ts[r->rows[k]] % HP_NS_PER_US == 0;
  for (guint k = 0; k < n; k++)
    {
      guint32 e = r->rows[k];
      gint64  t = r->ts[e];
      gint32  partner = r->partner[e];
      double  d;

      c[COL_INDEX][k] = r->index[e];
      c[COL_NAME][k] = r->name[e];
      c[COL_CAT][k] = r->cat[e] == HP_NO_STRING ? -1 : (gint64)r->cat[e];
      c[COL_PID][k] = hp_rank_pid (r, e);
      c[COL_TID][k] = hp_rank_tid (r, e);
      c[COL_STREAM][k] = hp_rank_stream (r, e);
      c[COL_CORR][k] = hp_rank_correlation (r, e);
      /* HTA: the partner's index; 0 with a correlation but no partner */
      c[COL_ICORR][k] = partner >= 0 ? (gint64)r->index[partner] : c[COL_CORR][k] > 0 ? 0
                                                                                      : -1;
      c[COL_ITER][k] = hp_rank_iteration (r, e);
      if (whole_us)
        c[COL_TS][k] = t / HP_NS_PER_US;
      else
        {
          d = (double)t / HP_NS_PER_US;
          memcpy (&c[COL_TS][k], &d, 8);
        }
      d = (double)hp_rank_dur (r, e) / HP_NS_PER_US;
      memcpy (&c[COL_DUR][k], &d, 8);
      d = (double)hp_rank_end (r, e) / HP_NS_PER_US;
      memcpy (&c[COL_END][k], &d, 8);
    }
  Py_END_ALLOW_THREADS;

  if ((dict = PyDict_New ()) == NULL)
    goto out;
  for (guint j = 0; j < N_COLS; j++)
    if (PyDict_SetItemString (dict, names[j], cols[j]) < 0)
      {
        Py_CLEAR (dict);
        goto out;
      }
  if (PyDict_SetItemString (dict, "ts_is_int", whole_us ? Py_True : Py_False) < 0)
    Py_CLEAR (dict);

out:
  for (guint j = 0; j < N_COLS; j++)
    Py_XDECREF (cols[j]);
  return dict;
}

static void
run_job (Job *job)
{
  HpTrace *trace = job->trace;
  g_autoptr (HpTrace) scoped = NULL;

  if (job->scope != NULL)
    {
      scoped = hp_trace_apply_scope (trace, job->scope, &job->error);
      if (scoped == NULL)
        return;
      trace = scoped;
    }
  job->result_tables = hp_analysis_run (job->analysis, trace, &job->params, job->cancellable, &job->error);
}

static PyObject *
trace_run (TraceObject *self,
           PyObject    *args,
           PyObject    *kwargs)
{
  static char      *kwlist[] = { "analysis", "params", "scope", NULL };
  const char       *name, *scope = NULL;
  PyObject         *dict = NULL, *result = NULL;
  const HpAnalysis *analysis;
  Job               job;

  if (!PyArg_ParseTupleAndKeywords (args, kwargs, "s|Oz", kwlist, &name, &dict, &scope))
    return NULL;
  analysis = hp_analysis_find (name);
  if (analysis == NULL)
    return PyErr_Format (PyExc_ValueError, "no analysis named '%s' (hotpath.analyses() lists them)", name);
  hp_py_job_init (&job, run_job);
  job.trace = self->trace;
  job.analysis = analysis;
  if (hp_py_params_from_dict (&job.params, dict))
    {
      g_autoptr (GError) error = NULL;

      if (scope != NULL && (job.scope = hp_scope_parse (scope, &error)) == NULL)
        PyErr_SetString (PyExc_ValueError, error->message);
      else if (hp_py_job_run (&job))
        result = hp_py_tables_to_list (job.result_tables);
    }
  hp_py_job_clear (&job);
  return result;
}

static PyObject *
trace_get_device_type (TraceObject *self,
                       void        *closure)
{
  const char *d = hp_trace_get_device_type (self->trace);

  return PyUnicode_FromString (d != NULL ? d : "");
}

static PyObject *
trace_get_min_ts (TraceObject *self,
                  void        *closure)
{
  return PyLong_FromLongLong (hp_trace_get_min_ts (self->trace));
}

static PyObject *
trace_get_hta_compat (TraceObject *self,
                      void        *closure)
{
  return PyBool_FromLong (hp_trace_get_mode (self->trace) == HP_MODE_HTA_COMPAT);
}

static PyObject *
trace_issues (TraceObject *self,
              PyObject    *unused)
{
  GListModel              *issues = hp_trace_get_issues (self->trace);
  PyObject                *list = PyList_New (0);
  static const char *const labels[] = { "error", "warning", "note" };

  for (guint k = 0; list != NULL && k < g_list_model_get_n_items (issues); k++)
    {
      g_autoptr (HpLoadIssue) issue = g_list_model_get_item (issues, k);
      PyObject *item = Py_BuildValue ("(ss)", labels[hp_load_issue_get_severity (issue)],
                                      hp_load_issue_get_message (issue));

      if (item == NULL || PyList_Append (list, item) < 0)
        Py_CLEAR (list);
      Py_XDECREF (item);
    }
  return list;
}

static PyObject *
trace_health (TraceObject *self,
              PyObject    *unused)
{
  HpHealthOptions options = { 0 };
  g_autoptr (HpHealthReport) report = NULL;
  PyObject *list;

  Py_BEGIN_ALLOW_THREADS;
  report = hp_health_check (self->trace, &options);
  Py_END_ALLOW_THREADS;
  list = PyList_New (0);
  for (guint k = 0; list != NULL && k < hp_health_report_get_n_findings (report); k++)
    {
      const HpHealthFinding *f = hp_health_report_get_finding (report, k);
      PyObject              *item = Py_BuildValue ("{sisssssssKss}", "rank", f->rank, "file", f->file != NULL ? f->file : "", "code",
                                                   f->code, "severity", hp_health_severity_to_string (f->severity), "count",
                                                   (unsigned long long)f->count, "message", f->message);

      if (item == NULL || PyList_Append (list, item) < 0)
        Py_CLEAR (list);
      Py_XDECREF (item);
    }
  return list;
}

static void
counters_job (Job *job)
{
  const HpRank *rank = hp_trace_find_rank (job->trace, job->rank);

  hp_counter_writer_write (job->trace, rank, job->paths[0], job->series_mask, job->cancellable, &job->error);
}

static PyObject *
trace_write_counters (TraceObject *self,
                      PyObject    *args)
{
  int       rank;
  unsigned  mask = HP_COUNTER_SERIES_ALL;
  PyObject *path, *fs = NULL, *result = NULL;
  Job       job;

  if (!PyArg_ParseTuple (args, "iO|I", &rank, &path, &mask) || hp_py_find_rank (self, rank) == NULL ||
      !PyUnicode_FSConverter (path, &fs))
    return NULL;
  hp_py_job_init (&job, counters_job);
  job.trace = self->trace;
  job.rank = rank;
  job.series_mask = mask & HP_COUNTER_SERIES_ALL;
  job.paths = g_new0 (char *, 2);
  job.paths[0] = g_strdup (PyBytes_AS_STRING (fs));
  Py_DECREF (fs);
  if (hp_py_job_run (&job))
    result = PyUnicode_DecodeFSDefault (job.paths[0]);
  hp_py_job_clear (&job);
  return result;
}

static void
sequences_job (Job *job)
{
  const HpRank      *rank = hp_trace_find_rank (job->trace, hp_analysis_params_get_int (&job->params, &hp_kernel_sequences_rank_spec));
  HpKernelSequences *seq;
  g_autofree char   *overlaid = NULL;

  seq = hp_kernel_sequences_find (job->trace, rank, hp_analysis_params_get_string (&job->params, &hp_kernel_sequences_operator_spec), (guint)hp_analysis_params_get_int (&job->params, &hp_kernel_sequences_min_pattern_len_spec),
                                  job->cancellable, &job->error);
  if (seq == NULL)
    return;
  job->result_table = hp_table_ref (hp_kernel_sequences_get_table (seq));
  if (job->paths != NULL)
    {
      overlaid = hp_kernel_sequences_overlaid_path (rank, job->paths[0]);
      if (hp_kernel_sequences_write_overlaid (seq, overlaid, (guint)hp_analysis_params_get_int (&job->params, &hp_kernel_sequences_top_k_spec),
                                              hp_analysis_params_get_boolean (&job->params, &hp_kernel_sequences_compress_other_kernels_spec), job->cancellable, &job->error))
        {
          g_free (job->paths[0]);
          job->paths[0] = g_steal_pointer (&overlaid);
        }
    }
  hp_kernel_sequences_free (seq);
}

/* kernel_sequences(rank, operator, min_pattern_len, top_k,
 * compress_other_kernels, output_dir=None) -> (Table, overlaid path or None) */
static PyObject *
trace_kernel_sequences (TraceObject *self,
                        PyObject    *args)
{
  int         rank, min_len, top_k, compress;
  const char *op;
  PyObject   *dir = Py_None, *result = NULL;
  Job         job;

  if (!PyArg_ParseTuple (args, "isiip|O", &rank, &op, &min_len, &top_k, &compress, &dir) ||
      hp_py_find_rank (self, rank) == NULL)
    return NULL;
  if (min_len < 1 || top_k < 1)
    return PyErr_Format (PyExc_ValueError, "min_pattern_len and top_k are at least 1");
  hp_py_job_init (&job, sequences_job);
  job.trace = self->trace;
  hp_analysis_params_set_int (&job.params, &hp_kernel_sequences_rank_spec, rank);
  hp_analysis_params_set_string (&job.params, &hp_kernel_sequences_operator_spec, op);
  hp_analysis_params_set_int (&job.params, &hp_kernel_sequences_min_pattern_len_spec, min_len);
  hp_analysis_params_set_int (&job.params, &hp_kernel_sequences_top_k_spec, top_k);
  hp_analysis_params_set_boolean (&job.params, &hp_kernel_sequences_compress_other_kernels_spec, compress);
  if (dir != Py_None)
    {
      PyObject *fs = NULL;

      if (!PyUnicode_FSConverter (dir, &fs))
        {
          hp_py_job_clear (&job);
          return NULL;
        }
      job.paths = g_new0 (char *, 2);
      job.paths[0] = g_strdup (PyBytes_AS_STRING (fs));
      Py_DECREF (fs);
    }
  if (hp_py_job_run (&job))
    {
      PyObject *path = job.paths != NULL ? PyUnicode_DecodeFSDefault (job.paths[0]) : Py_None;

      if (path == Py_None)
        Py_INCREF (path);
      result = path != NULL ? Py_BuildValue ("(NN)", hp_py_table_wrap (job.result_table), path) : NULL;
    }
  hp_py_job_clear (&job);
  return result;
}

/* ops_summary(rank, iterations=None, device="ALL") -> Table: HTA's
 * LabeledTrace.get_ops_summary of the rank's ops in those iterations */
static PyObject *
trace_ops_summary (TraceObject *self,
                   PyObject    *args)
{
  int          rank;
  PyObject    *its = Py_None;
  const char  *device = "ALL";
  HpDiffDevice d;
  GArray      *iterations;
  gboolean     ok;
  HpTable     *table;
  PyObject    *result;
  g_autoptr (GError) error = NULL;

  if (!PyArg_ParseTuple (args, "i|Os", &rank, &its, &device) || hp_py_find_rank (self, rank) == NULL)
    return NULL;
  if (!hp_diff_device_from_string (device, &d))
    return PyErr_Format (PyExc_ValueError, "device is CPU, GPU or ALL, not '%s'", device);
  iterations = hp_py_iterations_from_object (its, &ok);
  if (!ok)
    return NULL;
  Py_BEGIN_ALLOW_THREADS;
  table = hp_trace_diff_ops_summary (self->trace, rank, iterations, d, NULL, &error);
  Py_END_ALLOW_THREADS;
  g_clear_pointer (&iterations, g_array_unref);
  if (table == NULL)
    return hp_py_set_error (error);
  result = hp_py_table_wrap (table);
  hp_table_unref (table);
  return result;
}

static PyGetSetDef trace_getset[] = {
  { "device_type", (getter)trace_get_device_type, NULL, "NVIDIA GPU, AMD GPU, MTIA or UNKNOWN GPU", NULL },
  { "min_ts", (getter)trace_get_min_ts, NULL, "the time subtracted from every event, ns", NULL },
  { "hta_compat", (getter)trace_get_hta_compat, NULL, "whether the trace reproduces HTA's numbers, quirks included",
    NULL },
  { NULL },
};

static PyMethodDef trace_methods[] = {
  { "ranks", (PyCFunction)trace_ranks, METH_NOARGS, "ranks() -> [int], ascending" },
  { "files", (PyCFunction)trace_files, METH_NOARGS, "files() -> {rank: path}" },
  { "iterations", (PyCFunction)trace_iterations, METH_VARARGS, "iterations(rank) -> [int], the profiler steps" },
  { "strings", (PyCFunction)trace_strings, METH_NOARGS, "strings() -> [str], what events(rank)'s name and cat index" },
  { "events", (PyCFunction)trace_events, METH_VARARGS, "events(rank) -> {column: bytes}, the rank's loaded rows" },
  { "event_args", (PyCFunction)trace_event_args, METH_VARARGS,
    "event_args(rank, keys) -> [(rows, kinds, ints, doubles, texts)]: for each arg name, the rows "
    "that set it (uint32), its kind (uint8), its value as int64 and double, and its text (str or None)" },
  { "event_arg_columns", (PyCFunction)hp_py_trace_event_arg_columns, METH_VARARGS,
    "event_arg_columns(rank, [(arg name, kind, default)], loads) -> [bytearray or list], one column per arg" },
  { "arg_keys", (PyCFunction)hp_py_trace_arg_keys, METH_VARARGS, "arg_keys(rank) -> [str], the arg names of the rank's rows" },
  { "run", (PyCFunction)(void (*) (void))trace_run, METH_VARARGS | METH_KEYWORDS,
    "run(analysis, params=None, scope=None) -> [Table]" },
  { "issues", (PyCFunction)trace_issues, METH_NOARGS, "issues() -> [(severity, message)] of the load" },
  { "health", (PyCFunction)trace_health, METH_NOARGS, "health() -> [dict], what the trace lacks or has wrong" },
  { "critical_path", (PyCFunction)(void (*) (void))hp_py_trace_critical_path, METH_VARARGS | METH_KEYWORDS,
    "critical_path(rank, annotation=None, instance_first=0, instance_last=-1, zero_weight_launch_edges=False, "
    "data_load_events=None) -> CriticalPath" },
  { "ops_summary", (PyCFunction)trace_ops_summary, METH_VARARGS,
    "ops_summary(rank, iterations=None, device='ALL') -> Table: the ops' counts and durations by (cat, name)" },
  { "kernel_sequences", (PyCFunction)trace_kernel_sequences, METH_VARARGS,
    "kernel_sequences(rank, operator, min_pattern_len, top_k, compress_other_kernels, output_dir=None) -> "
    "(Table, overlaid trace path or None)" },
  { "write_counters", (PyCFunction)trace_write_counters, METH_VARARGS,
    "write_counters(rank, path, mask=3) -> path: the rank's trace with queue-length (1) and memory-bandwidth (2) "
    "counter events" },
  { NULL },
};

PyTypeObject TraceType = {
  PyVarObject_HEAD_INIT (NULL, 0).tp_name = "hotpath._hotpath.Trace",
  .tp_basicsize = sizeof (TraceObject),
  .tp_dealloc = (destructor)trace_dealloc,
  .tp_flags = Py_TPFLAGS_DEFAULT,
  .tp_doc = "A loaded trace: every rank of a job, never changed after loading",
  .tp_methods = trace_methods,
  .tp_getset = trace_getset,
};
