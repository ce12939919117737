/* _hotpath.c — the CPython extension hotpath._hotpath: libhotpath's traces,
 * analyses, tables and charts as Python objects.
 *
 * Loading and computing run on a worker thread while the calling thread
 * waits without the GIL; it wakes every 50 ms to run Python's signal
 * handlers, so Ctrl+C cancels the work (GCancellable) and raises
 * KeyboardInterrupt. Tables cross as whole columns (int64 and double
 * columns as bytes for numpy.frombuffer, strings as lists), so building a
 * DataFrame costs no per-cell Python call for numbers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <Python.h>

#include "config.h"

#include <math.h>
#include <string.h>

#include "hp-core.h"
#include "hp-charts.h"

PyMODINIT_FUNC PyInit__hotpath (void);

static PyObject *hotpath_error; /* hotpath.Error */

static char  **strings_from_sequence (PyObject *obj,
                                      guint     n);
static GArray *iterations_from_object (PyObject *obj,
                                       gboolean *ok);

/* --- Errors ---------------------------------------------------------------- */

/* Sets the Python exception a GError stands for and returns NULL. */
static PyObject *
set_error (const GError *error)
{
  if (error == NULL)
    {
      PyErr_SetString (hotpath_error, "failed without a reason");
      return NULL;
    }
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    PyErr_SetString (PyExc_KeyboardInterrupt, error->message);
  else if (g_error_matches (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_FOUND) ||
           g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    PyErr_SetString (PyExc_FileNotFoundError, error->message);
  else if (error->domain == HP_ANALYSIS_ERROR && error->code != HP_ANALYSIS_ERROR_NO_DATA)
    PyErr_SetString (PyExc_ValueError, error->message);
  else
    PyErr_SetString (hotpath_error, error->message);
  return NULL;
}

/* --- Work off the GIL -------------------------------------------------------- */

typedef struct _Job Job;
typedef void (*JobFunc) (Job *job);

struct _Job
{
  JobFunc       func;
  GCancellable *cancellable;
  GMutex        mutex;
  GCond         cond;
  gboolean      done;
  GError       *error;

  /* inputs */
  char            **paths;
  HpLoadOptions     load_options;
  HpTrace          *trace;
  HpTrace          *other;
  HpTrace         **traces;
  char            **labels;
  guint             n_traces;
  const HpAnalysis *analysis;
  HpAnalysisParams  params;
  HpTraceDiffParams diff_params;
  HpScope          *scope;

  /* outputs */
  HpTrace   *result_trace;
  GPtrArray *result_tables;
  HpTable   *result_table;
  HpOpsDiff *result_ops_diff;
};

static void
job_init (Job    *job,
          JobFunc func)
{
  memset (job, 0, sizeof *job);
  job->func = func;
  job->cancellable = g_cancellable_new ();
  g_mutex_init (&job->mutex);
  g_cond_init (&job->cond);
  hp_analysis_params_init (&job->params);
  hp_trace_diff_params_init (&job->diff_params);
}

static void
job_clear (Job *job)
{
  g_clear_object (&job->cancellable);
  g_mutex_clear (&job->mutex);
  g_cond_clear (&job->cond);
  g_clear_error (&job->error);
  g_strfreev (job->paths);
  g_strfreev (job->labels);
  g_free (job->traces);
  hp_analysis_params_clear (&job->params);
  hp_trace_diff_params_clear (&job->diff_params);
  g_clear_pointer (&job->scope, hp_scope_unref);
  g_clear_pointer (&job->result_trace, hp_trace_unref);
  g_clear_pointer (&job->result_tables, g_ptr_array_unref);
  g_clear_pointer (&job->result_table, hp_table_unref);
  g_clear_pointer (&job->result_ops_diff, hp_ops_diff_free);
}

static gpointer
job_thread (gpointer data)
{
  Job *job = data;

  job->func (job);
  g_mutex_lock (&job->mutex);
  job->done = TRUE;
  g_cond_signal (&job->cond);
  g_mutex_unlock (&job->mutex);
  return NULL;
}

/* Runs @job on a worker thread and waits for it without the GIL. Returns
 * FALSE with a Python exception set when it failed or was interrupted. */
static gboolean
job_run (Job *job)
{
  GThread *thread = g_thread_new ("hotpath-job", job_thread, job);
  gboolean interrupted = FALSE;

  for (;;)
    {
      gboolean done;

      Py_BEGIN_ALLOW_THREADS;
      g_mutex_lock (&job->mutex);
      {
        gint64 until = g_get_monotonic_time () + 50 * G_TIME_SPAN_MILLISECOND;

        while (!job->done)
          if (!g_cond_wait_until (&job->cond, &job->mutex, until))
            break;
      }
      done = job->done;
      g_mutex_unlock (&job->mutex);
      Py_END_ALLOW_THREADS;

      if (done)
        break;
      /* only the main thread runs handlers; elsewhere this returns 0 */
      if (!interrupted && PyErr_CheckSignals () < 0)
        {
          interrupted = TRUE;
          g_cancellable_cancel (job->cancellable);
        }
    }
  Py_BEGIN_ALLOW_THREADS;
  g_thread_join (thread);
  Py_END_ALLOW_THREADS;

  if (interrupted)
    return FALSE; /* the handler's exception (KeyboardInterrupt) is set */
  if (job->error != NULL)
    {
      set_error (job->error);
      return FALSE;
    }
  return TRUE;
}

/* --- Parameters -------------------------------------------------------------- */

/* The text hp_param_parse() reads for a Python value; NULL with an
 * exception set when it has none. */
static char *
param_text (PyObject *value)
{
  if (PyBool_Check (value))
    return g_strdup (value == Py_True ? "true" : "false");
  if (PyUnicode_Check (value))
    return g_strdup (PyUnicode_AsUTF8 (value));
  if (PyLong_Check (value) || PyFloat_Check (value))
    {
      PyObject *s = PyObject_Str (value);
      char     *text;

      if (s == NULL)
        return NULL;
      text = g_strdup (PyUnicode_AsUTF8 (s));
      Py_DECREF (s);
      return text;
    }
  if (PyList_Check (value) || PyTuple_Check (value) || PyAnySet_Check (value))
    {
      PyObject *seq = PySequence_List (value);
      GString  *text;

      if (seq == NULL)
        return NULL;
      if (PyList_GET_SIZE (seq) == 0)
        {
          Py_DECREF (seq);
          return g_strdup ("all");
        }
      text = g_string_new (NULL);
      for (Py_ssize_t i = 0; i < PyList_GET_SIZE (seq); i++)
        {
          char *item = param_text (PyList_GET_ITEM (seq, i));

          if (item == NULL)
            {
              Py_DECREF (seq);
              g_string_free (text, TRUE);
              return NULL;
            }
          if (i > 0)
            g_string_append_c (text, ',');
          g_string_append (text, item);
          g_free (item);
        }
      Py_DECREF (seq);
      return g_string_free (text, FALSE);
    }
  PyErr_Format (PyExc_TypeError, "a parameter takes a number, a bool, a string or a list, not %s",
                Py_TYPE (value)->tp_name);
  return NULL;
}

/* Fills @params from a dict of HTA keywords; FALSE with an exception set
 * when a name is unknown or a value out of range. */
static gboolean
params_from_dict (HpAnalysisParams *params,
                  PyObject         *dict)
{
  PyObject  *key, *value;
  Py_ssize_t pos = 0;

  if (dict == NULL || dict == Py_None)
    return TRUE;
  if (!PyDict_Check (dict))
    {
      PyErr_SetString (PyExc_TypeError, "params must be a dict");
      return FALSE;
    }
  while (PyDict_Next (dict, &pos, &key, &value))
    {
      const char        *name = PyUnicode_Check (key) ? PyUnicode_AsUTF8 (key) : NULL;
      const HpParamSpec *spec = name != NULL ? hp_param_spec_find (name) : NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *text = NULL;

      if (spec == NULL)
        {
          PyErr_Format (PyExc_TypeError, "no analysis parameter named %R (hotpath.params() lists them)", key);
          return FALSE;
        }
      if (value == Py_None)
        continue;
      text = param_text (value);
      if (text == NULL)
        return FALSE;
      if (!hp_param_parse (spec, params, text, &error))
        {
          PyErr_SetString (PyExc_ValueError, error->message);
          return FALSE;
        }
    }
  return TRUE;
}

/* --- Table ------------------------------------------------------------------- */

typedef struct
{
  PyObject_HEAD HpTable *table;
} TableObject;

static PyTypeObject TableType;

static PyObject *
table_wrap (HpTable *table)
{
  TableObject *self = PyObject_New (TableObject, &TableType);

  if (self != NULL)
    self->table = hp_table_ref (table);
  return (PyObject *)self;
}

static void
table_dealloc (TableObject *self)
{
  g_clear_pointer (&self->table, hp_table_unref);
  PyObject_Free (self);
}

static PyObject *
table_get_name (TableObject *self,
                void        *closure)
{
  return PyUnicode_FromString (hp_table_get_name (self->table));
}

static PyObject *
table_get_title (TableObject *self,
                 void        *closure)
{
  const char *title = hp_table_get_title (self->table);

  return PyUnicode_FromString (title != NULL ? title : "");
}

static PyObject *
table_get_n_rows (TableObject *self,
                  void        *closure)
{
  return PyLong_FromUnsignedLong (hp_table_get_n_rows (self->table));
}

/* One column as (name, kind, data, nulls, unit): kind "i" (data: bytes of
 * int64, nulls: bytes of uint8 or None), "d" (bytes of double, NaN for
 * null) or "s" (a list of str or None). */
static PyObject *
column_tuple (HpTable *table,
              guint    c)
{
  guint       n = hp_table_get_n_rows (table);
  const char *unit = hp_table_get_column_unit (table, c);
  PyObject   *data = NULL, *nulls = Py_None;
  const char *kind;

  switch (hp_table_get_column_type (table, c))
    {
    case HP_COLUMN_INT:
      {
        gint64  *v = g_new (gint64, MAX (n, 1));
        guint8  *m = g_new0 (guint8, MAX (n, 1));
        gboolean any_null = FALSE;

        for (guint r = 0; r < n; r++)
          if (hp_table_is_null (table, r, c))
            {
              v[r] = 0;
              m[r] = 1;
              any_null = TRUE;
            }
          else
            v[r] = hp_table_get_int (table, r, c);
        data = PyBytes_FromStringAndSize ((const char *)v, (Py_ssize_t)n * (Py_ssize_t)sizeof (gint64));
        if (any_null)
          nulls = PyBytes_FromStringAndSize ((const char *)m, n);
        else
          Py_INCREF (Py_None);
        g_free (v);
        g_free (m);
        kind = "i";
        break;
      }
    case HP_COLUMN_DOUBLE:
      {
        double *v = g_new (double, MAX (n, 1));

        for (guint r = 0; r < n; r++)
          v[r] = hp_table_get_double (table, r, c);
        data = PyBytes_FromStringAndSize ((const char *)v, (Py_ssize_t)n * (Py_ssize_t)sizeof (double));
        g_free (v);
        Py_INCREF (Py_None);
        kind = "d";
        break;
      }
    case HP_COLUMN_STRING:
    default:
      data = PyList_New (n);
      for (guint r = 0; data != NULL && r < n; r++)
        {
          const char *s = hp_table_get_string (table, r, c);
          PyObject   *item;

          if (s == NULL)
            {
              item = Py_None;
              Py_INCREF (item);
            }
          else
            item = PyUnicode_DecodeUTF8 (s, (Py_ssize_t)strlen (s), "replace");
          if (item == NULL)
            {
              Py_CLEAR (data);
              break;
            }
          PyList_SET_ITEM (data, r, item);
        }
      Py_INCREF (Py_None);
      kind = "s";
      break;
    }
  if (data == NULL || nulls == NULL)
    {
      Py_XDECREF (data);
      Py_XDECREF (nulls);
      return NULL;
    }
  return Py_BuildValue ("(ssNNs)", hp_table_get_column_name (table, c), kind, data, nulls, unit != NULL ? unit : "");
}

static PyObject *
table_columns (TableObject *self,
               PyObject    *unused)
{
  guint     n = hp_table_get_n_columns (self->table);
  PyObject *list = PyList_New (n);

  for (guint c = 0; list != NULL && c < n; c++)
    {
      PyObject *col = column_tuple (self->table, c);

      if (col == NULL)
        {
          Py_CLEAR (list);
          break;
        }
      PyList_SET_ITEM (list, c, col);
    }
  return list;
}

static gboolean
export_format_from_name (const char     *name,
                         HpExportFormat *format)
{
  if (g_ascii_strcasecmp (name, "svg") == 0)
    *format = HP_EXPORT_FORMAT_SVG;
  else if (g_ascii_strcasecmp (name, "png") == 0)
    *format = HP_EXPORT_FORMAT_PNG;
  else if (g_ascii_strcasecmp (name, "pdf") == 0)
    *format = HP_EXPORT_FORMAT_PDF;
  else
    {
      PyErr_Format (PyExc_ValueError, "charts are svg, png or pdf, not '%s'", name);
      return FALSE;
    }
  return TRUE;
}

/* [(name, title, bytes)] for each chart of @charts */
static PyObject *
render_charts (GPtrArray  *charts,
               const char *format_name,
               int         width,
               int         height,
               double      scale,
               int         dark)
{
  HpExportFormat format;
  PyObject      *list;
  g_autoptr (HpChartStyle) style = NULL;

  if (!export_format_from_name (format_name, &format))
    return NULL;
  if (width < 100 || height < 100 || width > 10000 || height > 10000 || scale < 0.5 || scale > 4)
    {
      PyErr_SetString (PyExc_ValueError, "charts are 100 to 10000 pixels wide and high, scale 0.5 to 4");
      return NULL;
    }
  style = dark ? hp_chart_style_new_dark () : hp_chart_style_new_light ();
  list = PyList_New (0);
  for (guint i = 0; list != NULL && charts != NULL && i < charts->len; i++)
    {
      HpChart *chart = charts->pdata[i];
      g_autoptr (GError) error = NULL;
      GBytes   *bytes;
      PyObject *item;

      Py_BEGIN_ALLOW_THREADS;
      bytes = hp_chart_render (chart, format, width, height, scale, style, &error);
      Py_END_ALLOW_THREADS;
      if (bytes == NULL)
        {
          Py_CLEAR (list);
          return set_error (error);
        }
      item = Py_BuildValue ("(ssy#)", hp_chart_get_name (chart),
                            hp_chart_get_title (chart) != NULL ? hp_chart_get_title (chart) : "",
                            g_bytes_get_data (bytes, NULL), (Py_ssize_t)g_bytes_get_size (bytes));
      g_bytes_unref (bytes);
      if (item == NULL || PyList_Append (list, item) < 0)
        {
          Py_XDECREF (item);
          Py_CLEAR (list);
          break;
        }
      Py_DECREF (item);
    }
  return list;
}

static PyObject *
table_charts (TableObject *self,
              PyObject    *args,
              PyObject    *kwargs)
{
  static char     *kwlist[] = { "format", "width", "height", "scale", "dark", "params", NULL };
  const char      *format = "svg";
  int              width = 960, height = 540, dark = 0;
  double           scale = 1.0;
  PyObject        *dict = NULL, *result;
  HpAnalysisParams params;
  GPtrArray       *charts;

  if (!PyArg_ParseTupleAndKeywords (args, kwargs, "|siidpO", kwlist, &format, &width, &height, &scale, &dark,
                                    &dict))
    return NULL;
  hp_analysis_params_init (&params);
  if (!params_from_dict (&params, dict))
    {
      hp_analysis_params_clear (&params);
      return NULL;
    }
  charts = hp_chart_adapt_table (self->table, &params);
  result = render_charts (charts, format, width, height, scale, dark);
  g_clear_pointer (&charts, g_ptr_array_unref);
  hp_analysis_params_clear (&params);
  return result;
}

static PyObject *
table_to_csv (TableObject *self,
              PyObject    *unused)
{
  g_autofree char *text = hp_table_to_csv (self->table);

  return PyUnicode_FromString (text);
}

static PyGetSetDef table_getset[] = {
  { "name", (getter)table_get_name, NULL, "the table's name, as the file hotpath-cli report writes", NULL },
  { "title", (getter)table_get_title, NULL, "the table's title", NULL },
  { "n_rows", (getter)table_get_n_rows, NULL, "the number of rows", NULL },
  { NULL },
};

static PyMethodDef table_methods[] = {
  { "columns", (PyCFunction)table_columns, METH_NOARGS, "columns() -> [(name, kind, data, nulls, unit)]" },
  { "charts", (PyCFunction)(void (*) (void))table_charts, METH_VARARGS | METH_KEYWORDS,
    "charts(format='svg', width=960, height=540, scale=1.0, dark=False, params=None) -> [(name, title, bytes)]" },
  { "to_csv", (PyCFunction)table_to_csv, METH_NOARGS, "to_csv() -> str, as hotpath-cli report writes it" },
  { NULL },
};

static PyTypeObject TableType = {
  PyVarObject_HEAD_INIT (NULL, 0).tp_name = "hotpath._hotpath.Table",
  .tp_basicsize = sizeof (TableObject),
  .tp_dealloc = (destructor)table_dealloc,
  .tp_flags = Py_TPFLAGS_DEFAULT,
  .tp_doc = "A table of an analysis, as libhotpath made it",
  .tp_methods = table_methods,
  .tp_getset = table_getset,
};

static PyObject *
tables_to_list (GPtrArray *tables)
{
  PyObject *list = PyList_New (tables != NULL ? tables->len : 0);

  for (guint i = 0; list != NULL && tables != NULL && i < tables->len; i++)
    {
      PyObject *t = table_wrap (tables->pdata[i]);

      if (t == NULL)
        {
          Py_CLEAR (list);
          break;
        }
      PyList_SET_ITEM (list, i, t);
    }
  return list;
}

/* --- Trace ------------------------------------------------------------------- */

typedef struct
{
  PyObject_HEAD HpTrace *trace;
} TraceObject;

static PyTypeObject TraceType;

static PyObject *
trace_wrap (HpTrace *trace)
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

static const HpRank *
find_rank (TraceObject *self,
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

  if (!PyArg_ParseTuple (args, "i", &rank) || (r = find_rank (self, rank)) == NULL)
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

static PyObject *
bytes_of (const void *data,
          gsize       n,
          gsize       size)
{
  return PyBytes_FromStringAndSize (data, (Py_ssize_t)(n * size));
}

/* The rank's loaded rows, as HTA's per-rank frame: columns of int64 (ids
 * into strings() for name and cat) and of double, microseconds. */
static PyObject *
trace_events (TraceObject *self,
              PyObject    *args)
{
  int           rank;
  const HpRank *r;
  guint         n;
  gint64       *index, *name, *cat, *pid, *tid, *stream, *corr, *icorr, *iter, *ts_i;
  double       *ts_d, *dur, *end;
  gboolean      whole_us = TRUE;
  PyObject     *dict;

  if (!PyArg_ParseTuple (args, "i", &rank) || (r = find_rank (self, rank)) == NULL)
    return NULL;
  n = r->n_rows;
  index = g_new (gint64, MAX (n, 1));
  name = g_new (gint64, MAX (n, 1));
  cat = g_new (gint64, MAX (n, 1));
  pid = g_new (gint64, MAX (n, 1));
  tid = g_new (gint64, MAX (n, 1));
  stream = g_new (gint64, MAX (n, 1));
  corr = g_new (gint64, MAX (n, 1));
  icorr = g_new (gint64, MAX (n, 1));
  iter = g_new (gint64, MAX (n, 1));
  ts_i = g_new (gint64, MAX (n, 1));
  ts_d = g_new (double, MAX (n, 1));
  dur = g_new (double, MAX (n, 1));
  end = g_new (double, MAX (n, 1));

  Py_BEGIN_ALLOW_THREADS;
  for (guint k = 0; k < n; k++)
    {
      guint32 e = r->rows[k];
      gint64  t = r->ts[e];
      gint32  partner = r->partner[e];

      index[k] = r->index[e];
      name[k] = r->name[e];
      cat[k] = r->cat[e] == HP_NO_STRING ? -1 : (gint64)r->cat[e];
      pid[k] = hp_rank_pid (r, e);
      tid[k] = hp_rank_tid (r, e);
      stream[k] = hp_rank_stream (r, e);
      corr[k] = hp_rank_correlation (r, e);
      /* HTA: the partner's index; 0 with a correlation but no partner */
      icorr[k] = partner >= 0 ? (gint64)r->index[partner] : corr[k] > 0 ? 0
                                                                        : -1;
      iter[k] = hp_rank_iteration (r, e);
      ts_i[k] = t / HP_NS_PER_US;
      whole_us = whole_us && t % HP_NS_PER_US == 0;
      ts_d[k] = (double)t / HP_NS_PER_US;
      dur[k] = (double)hp_rank_dur (r, e) / HP_NS_PER_US;
      end[k] = (double)hp_rank_end (r, e) / HP_NS_PER_US;
    }
  Py_END_ALLOW_THREADS;

  dict = Py_BuildValue ("{sNsNsNsNsNsNsNsNsNsNsNsN}", "index", bytes_of (index, n, 8), "cat", bytes_of (cat, n, 8),
                        "name", bytes_of (name, n, 8), "pid", bytes_of (pid, n, 8), "tid", bytes_of (tid, n, 8),
                        "ts", whole_us ? bytes_of (ts_i, n, 8) : bytes_of (ts_d, n, 8), "dur", bytes_of (dur, n, 8),
                        "stream", bytes_of (stream, n, 8), "correlation", bytes_of (corr, n, 8), "index_correlation",
                        bytes_of (icorr, n, 8), "iteration", bytes_of (iter, n, 8), "end", bytes_of (end, n, 8));
  if (dict != NULL)
    {
      PyObject *flag = PyBool_FromLong (whole_us);

      PyDict_SetItemString (dict, "ts_is_int", flag);
      Py_DECREF (flag);
    }
  g_free (index);
  g_free (name);
  g_free (cat);
  g_free (pid);
  g_free (tid);
  g_free (stream);
  g_free (corr);
  g_free (icorr);
  g_free (iter);
  g_free (ts_i);
  g_free (ts_d);
  g_free (dur);
  g_free (end);
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
  job_init (&job, run_job);
  job.trace = self->trace;
  job.analysis = analysis;
  if (params_from_dict (&job.params, dict))
    {
      g_autoptr (GError) error = NULL;

      if (scope != NULL && (job.scope = hp_scope_parse (scope, &error)) == NULL)
        PyErr_SetString (PyExc_ValueError, error->message);
      else if (job_run (&job))
        result = tables_to_list (job.result_tables);
    }
  job_clear (&job);
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
  const HpRank *rank = hp_trace_find_rank (job->trace, job->n_traces);

  hp_counter_writer_write (job->trace, rank, job->paths[0], job->params.rank, job->cancellable, &job->error);
}

static PyObject *
trace_write_counters (TraceObject *self,
                      PyObject    *args)
{
  int       rank;
  unsigned  mask = HP_COUNTER_SERIES_ALL;
  PyObject *path, *fs = NULL, *result = NULL;
  Job       job;

  if (!PyArg_ParseTuple (args, "iO|I", &rank, &path, &mask) || find_rank (self, rank) == NULL ||
      !PyUnicode_FSConverter (path, &fs))
    return NULL;
  job_init (&job, counters_job);
  job.trace = self->trace;
  job.n_traces = (guint)rank;
  job.params.rank = (int)(mask & HP_COUNTER_SERIES_ALL);
  job.paths = g_new0 (char *, 2);
  job.paths[0] = g_strdup (PyBytes_AS_STRING (fs));
  Py_DECREF (fs);
  if (job_run (&job))
    result = PyUnicode_DecodeFSDefault (job.paths[0]);
  job_clear (&job);
  return result;
}

static void
sequences_job (Job *job)
{
  const HpRank      *rank = hp_trace_find_rank (job->trace, job->params.rank);
  HpKernelSequences *seq;
  g_autofree char   *overlaid = NULL;

  seq = hp_kernel_sequences_find (job->trace, rank, job->params.operator_name, (guint)job->params.min_pattern_len,
                                  job->cancellable, &job->error);
  if (seq == NULL)
    return;
  job->result_table = hp_table_ref (hp_kernel_sequences_get_table (seq));
  if (job->paths != NULL)
    {
      overlaid = hp_kernel_sequences_overlaid_path (rank, job->paths[0]);
      if (hp_kernel_sequences_write_overlaid (seq, overlaid, (guint)job->params.top_k,
                                              job->params.compress_other_kernels, job->cancellable, &job->error))
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
      find_rank (self, rank) == NULL)
    return NULL;
  if (min_len < 1 || top_k < 1)
    return PyErr_Format (PyExc_ValueError, "min_pattern_len and top_k are at least 1");
  job_init (&job, sequences_job);
  job.trace = self->trace;
  job.params.rank = rank;
  job.params.operator_name = g_strdup (op);
  job.params.min_pattern_len = min_len;
  job.params.top_k = top_k;
  job.params.compress_other_kernels = compress;
  if (dir != Py_None)
    {
      PyObject *fs = NULL;

      if (!PyUnicode_FSConverter (dir, &fs))
        {
          job_clear (&job);
          return NULL;
        }
      job.paths = g_new0 (char *, 2);
      job.paths[0] = g_strdup (PyBytes_AS_STRING (fs));
      Py_DECREF (fs);
    }
  if (job_run (&job))
    {
      PyObject *path = job.paths != NULL ? PyUnicode_DecodeFSDefault (job.paths[0]) : Py_None;

      if (path == Py_None)
        Py_INCREF (path);
      result = path != NULL ? Py_BuildValue ("(NN)", table_wrap (job.result_table), path) : NULL;
    }
  job_clear (&job);
  return result;
}

/* --- Critical path ------------------------------------------------------------ */

typedef struct
{
  PyObject_HEAD HpCriticalPath *cp;
  PyObject                     *trace; /* the TraceObject it was computed on */
  const HpRank                 *rank;
} CriticalPathObject;

static PyTypeObject CriticalPathType;

static void
critical_path_dealloc (CriticalPathObject *self)
{
  g_clear_pointer (&self->cp, hp_critical_path_free);
  Py_CLEAR (self->trace);
  PyObject_Free (self);
}

static PyObject *
critical_path_get_valid (CriticalPathObject *self,
                         void               *closure)
{
  return PyBool_FromLong (hp_critical_path_is_valid (self->cp));
}

static PyObject *
critical_path_get_problem (CriticalPathObject *self,
                           void               *closure)
{
  const char *problem = hp_critical_path_get_problem (self->cp);

  if (problem == NULL)
    Py_RETURN_NONE;
  return PyUnicode_FromString (problem);
}

static PyObject *
critical_path_get_region (CriticalPathObject *self,
                          void               *closure)
{
  const char *region = hp_critical_path_get_region (self->cp);

  return PyUnicode_FromString (region != NULL ? region : "");
}

static PyObject *
critical_path_tables (CriticalPathObject *self,
                      PyObject           *unused)
{
  HpTable  *summary = hp_critical_path_summary (self->cp);
  HpTable  *breakdown = hp_critical_path_breakdown (self->cp);
  PyObject *result = Py_BuildValue ("(NN)", table_wrap (summary), table_wrap (breakdown));

  hp_table_unref (summary);
  hp_table_unref (breakdown);
  return result;
}

/* nodes() -> (ev_idx, ts_ns, is_start) as bytes of int64, int64, uint8;
 * ev_idx is the event's index column (its place in traceEvents) */
static PyObject *
critical_path_nodes (CriticalPathObject *self,
                     PyObject           *unused)
{
  guint           n;
  const HpCpNode *nodes = hp_critical_path_get_nodes (self->cp, &n);
  gint64         *idx = g_new (gint64, MAX (n, 1));
  gint64         *ts = g_new (gint64, MAX (n, 1));
  guint8         *start = g_new (guint8, MAX (n, 1));
  PyObject       *result;

  for (guint i = 0; i < n; i++)
    {
      idx[i] = self->rank->index[nodes[i].event];
      ts[i] = nodes[i].time;
      start[i] = nodes[i].is_start != 0;
    }
  result = Py_BuildValue ("(NNN)", bytes_of (idx, n, 8), bytes_of (ts, n, 8), bytes_of (start, n, 1));
  g_free (idx);
  g_free (ts);
  g_free (start);
  return result;
}

/* edges() -> (src, dst, weight_ns as bytes of int64, [type], on_path bytes of uint8) */
static PyObject *
critical_path_edges (CriticalPathObject *self,
                     PyObject           *unused)
{
  guint           n, n_path;
  const HpCpEdge *edges = hp_critical_path_get_edges (self->cp, &n);
  const guint32  *path = hp_critical_path_get_path_edges (self->cp, &n_path);
  gint64         *src = g_new (gint64, MAX (n, 1));
  gint64         *dst = g_new (gint64, MAX (n, 1));
  gint64         *weight = g_new (gint64, MAX (n, 1));
  guint8         *on_path = g_new0 (guint8, MAX (n, 1));
  PyObject       *types = PyList_New (n);
  PyObject       *result = NULL;

  for (guint i = 0; types != NULL && i < n; i++)
    {
      src[i] = edges[i].src;
      dst[i] = edges[i].dst;
      weight[i] = edges[i].weight;
      PyList_SET_ITEM (types, i, PyUnicode_FromString (hp_cp_edge_type_to_string (edges[i].type)));
    }
  for (guint i = 0; i < n_path; i++)
    if (path[i] < n)
      on_path[path[i]] = 1;
  if (types != NULL)
    result = Py_BuildValue ("(NNNNN)", bytes_of (src, n, 8), bytes_of (dst, n, 8), bytes_of (weight, n, 8), types,
                            bytes_of (on_path, n, 1));
  g_free (src);
  g_free (dst);
  g_free (weight);
  g_free (on_path);
  return result;
}

/* path_edges() -> [edge id], in path order */
static PyObject *
critical_path_path_edges (CriticalPathObject *self,
                          PyObject           *unused)
{
  guint          n;
  const guint32 *path = hp_critical_path_get_path_edges (self->cp, &n);
  PyObject      *list = PyList_New (n);

  for (guint i = 0; list != NULL && i < n; i++)
    PyList_SET_ITEM (list, i, PyLong_FromUnsignedLong (path[i]));
  return list;
}

static PyObject *
critical_path_write_overlay (CriticalPathObject *self,
                             PyObject           *args)
{
  PyObject        *dir, *fs = NULL;
  int              only_critical = 1, all_edges = 0;
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;
  gboolean ok;

  if (!PyArg_ParseTuple (args, "O|pp", &dir, &only_critical, &all_edges) || !PyUnicode_FSConverter (dir, &fs))
    return NULL;
  path = hp_critical_path_overlay_path (self->cp, PyBytes_AS_STRING (fs));
  Py_DECREF (fs);
  Py_BEGIN_ALLOW_THREADS;
  ok = hp_critical_path_write_overlay (self->cp, path, only_critical, all_edges, NULL, &error);
  Py_END_ALLOW_THREADS;
  if (!ok)
    return set_error (error);
  return PyUnicode_DecodeFSDefault (path);
}

static PyGetSetDef critical_path_getset[] = {
  { "valid", (getter)critical_path_get_valid, NULL, "whether a path was found", NULL },
  { "problem", (getter)critical_path_get_problem, NULL, "why there is no path, or None", NULL },
  { "region", (getter)critical_path_get_region, NULL, "the region the path spans", NULL },
  { NULL },
};

static PyMethodDef critical_path_methods[] = {
  { "tables", (PyCFunction)critical_path_tables, METH_NOARGS, "tables() -> (summary, breakdown)" },
  { "nodes", (PyCFunction)critical_path_nodes, METH_NOARGS, "nodes() -> (ev_idx, ts_ns, is_start) as bytes" },
  { "edges", (PyCFunction)critical_path_edges, METH_NOARGS,
    "edges() -> (src, dst, weight_ns, [type], on_path) as bytes and a list" },
  { "path_edges", (PyCFunction)critical_path_path_edges, METH_NOARGS, "path_edges() -> [edge id], in order" },
  { "write_overlay", (PyCFunction)critical_path_write_overlay, METH_VARARGS,
    "write_overlay(output_dir, only_critical_events=True, show_all_edges=False) -> path" },
  { NULL },
};

static PyTypeObject CriticalPathType = {
  PyVarObject_HEAD_INIT (NULL, 0).tp_name = "hotpath._hotpath.CriticalPath",
  .tp_basicsize = sizeof (CriticalPathObject),
  .tp_dealloc = (destructor)critical_path_dealloc,
  .tp_flags = Py_TPFLAGS_DEFAULT,
  .tp_doc = "The critical path of a region of one rank, with its graph",
  .tp_methods = critical_path_methods,
  .tp_getset = critical_path_getset,
};

typedef struct
{
  Job                   job;
  const HpRank         *rank;
  HpCriticalPathOptions options;
  HpCriticalPath       *cp;
} CpJob;

static void
critical_path_job (Job *job)
{
  CpJob *cj = (CpJob *)job;

  cj->cp = hp_critical_path_new (job->trace, cj->rank, &cj->options, job->cancellable, &job->error);
}

/* critical_path(rank, annotation=None, instance_first=0, instance_last=-1,
 * zero_weight_launch_edges=False, data_load_events=None) -> CriticalPath */
static PyObject *
trace_critical_path (TraceObject *self,
                     PyObject    *args,
                     PyObject    *kwargs)
{
  static char *kwlist[] = { "rank", "annotation", "instance_first", "instance_last", "zero_weight_launch_edges",
                            "data_load_events", NULL };
  int          rank, first = 0, last = -1, zero = 0;
  const char  *annotation = NULL;
  PyObject    *loads = NULL, *result = NULL;
  g_auto (GStrv) load_names = NULL;
  CpJob cj;

  if (!PyArg_ParseTupleAndKeywords (args, kwargs, "i|ziipO", kwlist, &rank, &annotation, &first, &last, &zero,
                                    &loads))
    return NULL;
  if (loads != NULL && loads != Py_None)
    {
      PyObject *seq = PySequence_Fast (loads, "data_load_events must be a list of names");

      if (seq == NULL)
        return NULL;
      load_names = strings_from_sequence (seq, (guint)PySequence_Fast_GET_SIZE (seq));
      Py_DECREF (seq);
      if (load_names == NULL)
        return NULL;
    }
  memset (&cj, 0, sizeof cj);
  cj.rank = find_rank (self, rank);
  if (cj.rank == NULL)
    return NULL;
  job_init (&cj.job, critical_path_job);
  hp_critical_path_options_init (&cj.options);
  cj.options.annotation = annotation;
  cj.options.instance_first = first;
  cj.options.instance_last = last >= 0 ? last : first;
  cj.options.zero_weight_launch_edges = zero;
  cj.options.data_load_events = (const char *const *)load_names;
  cj.job.trace = self->trace;
  if (job_run (&cj.job))
    {
      CriticalPathObject *obj = PyObject_New (CriticalPathObject, &CriticalPathType);

      if (obj != NULL)
        {
          obj->cp = g_steal_pointer (&cj.cp);
          obj->rank = cj.rank;
          obj->trace = (PyObject *)self;
          Py_INCREF (self);
        }
      result = (PyObject *)obj;
    }
  g_clear_pointer (&cj.cp, hp_critical_path_free);
  job_clear (&cj.job);
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

  if (!PyArg_ParseTuple (args, "i|Os", &rank, &its, &device) || find_rank (self, rank) == NULL)
    return NULL;
  if (!hp_diff_device_from_string (device, &d))
    return PyErr_Format (PyExc_ValueError, "device is CPU, GPU or ALL, not '%s'", device);
  iterations = iterations_from_object (its, &ok);
  if (!ok)
    return NULL;
  Py_BEGIN_ALLOW_THREADS;
  table = hp_trace_diff_ops_summary (self->trace, rank, iterations, d, NULL, &error);
  Py_END_ALLOW_THREADS;
  g_clear_pointer (&iterations, g_array_unref);
  if (table == NULL)
    return set_error (error);
  result = table_wrap (table);
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
  { "run", (PyCFunction)(void (*) (void))trace_run, METH_VARARGS | METH_KEYWORDS,
    "run(analysis, params=None, scope=None) -> [Table]" },
  { "issues", (PyCFunction)trace_issues, METH_NOARGS, "issues() -> [(severity, message)] of the load" },
  { "health", (PyCFunction)trace_health, METH_NOARGS, "health() -> [dict], what the trace lacks or has wrong" },
  { "critical_path", (PyCFunction)(void (*) (void))trace_critical_path, METH_VARARGS | METH_KEYWORDS,
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

static PyTypeObject TraceType = {
  PyVarObject_HEAD_INIT (NULL, 0).tp_name = "hotpath._hotpath.Trace",
  .tp_basicsize = sizeof (TraceObject),
  .tp_dealloc = (destructor)trace_dealloc,
  .tp_flags = Py_TPFLAGS_DEFAULT,
  .tp_doc = "A loaded trace: every rank of a job, never changed after loading",
  .tp_methods = trace_methods,
  .tp_getset = trace_getset,
};

/* --- Module functions -------------------------------------------------------- */

static char **
paths_from_object (PyObject *obj)
{
  PyObject  *seq;
  GPtrArray *paths;

  if (PyUnicode_Check (obj) || PyBytes_Check (obj) || PyObject_HasAttrString (obj, "__fspath__"))
    {
      PyObject *fs = NULL;
      char    **single;

      if (!PyUnicode_FSConverter (obj, &fs))
        return NULL;
      single = g_new0 (char *, 2);
      single[0] = g_strdup (PyBytes_AS_STRING (fs));
      Py_DECREF (fs);
      return single;
    }
  seq = PySequence_Fast (obj, "paths must be a path or a list of paths");
  if (seq == NULL)
    return NULL;
  paths = g_ptr_array_new ();
  for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE (seq); i++)
    {
      PyObject *fs = NULL;

      if (!PyUnicode_FSConverter (PySequence_Fast_GET_ITEM (seq, i), &fs))
        {
          Py_DECREF (seq);
          g_ptr_array_add (paths, NULL);
          g_strfreev ((char **)g_ptr_array_free (paths, FALSE));
          return NULL;
        }
      g_ptr_array_add (paths, g_strdup (PyBytes_AS_STRING (fs)));
      Py_DECREF (fs);
    }
  Py_DECREF (seq);
  if (paths->len == 0)
    {
      g_ptr_array_free (paths, TRUE);
      PyErr_SetString (PyExc_ValueError, "no path to load");
      return NULL;
    }
  g_ptr_array_add (paths, NULL);
  return (char **)g_ptr_array_free (paths, FALSE);
}

static void
load_job (Job *job)
{
  job->result_trace = hp_load_paths ((const char *const *)job->paths, &job->load_options, job->cancellable, NULL,
                                     &job->error);
}

static PyObject *
module_load (PyObject *module,
             PyObject *args,
             PyObject *kwargs)
{
  static char *kwlist[] = { "paths", "hta_compat", "include_last_profiler_step", "threads", NULL };
  PyObject    *obj, *result = NULL;
  int          hta_compat = 0, include_last = 0;
  unsigned int threads = 0;
  Job          job;

  if (!PyArg_ParseTupleAndKeywords (args, kwargs, "O|ppI", kwlist, &obj, &hta_compat, &include_last, &threads))
    return NULL;
  job_init (&job, load_job);
  job.paths = paths_from_object (obj);
  job.load_options.mode = hta_compat ? HP_MODE_HTA_COMPAT : HP_MODE_DEFAULT;
  job.load_options.include_last_step = include_last;
  job.load_options.n_threads = threads;
  if (job.paths != NULL && job_run (&job))
    result = trace_wrap (job.result_trace);
  job_clear (&job);
  return result;
}

static HpTrace **
traces_from_sequence (PyObject *obj,
                      guint    *n)
{
  PyObject *seq = PySequence_Fast (obj, "runs must be a list of traces");
  HpTrace **traces;

  if (seq == NULL)
    return NULL;
  *n = (guint)PySequence_Fast_GET_SIZE (seq);
  traces = g_new0 (HpTrace *, *n + 1);
  for (guint i = 0; i < *n; i++)
    {
      PyObject *item = PySequence_Fast_GET_ITEM (seq, i);

      if (!PyObject_TypeCheck (item, &TraceType))
        {
          PyErr_Format (PyExc_TypeError, "runs must be traces from hotpath.load(), not %s", Py_TYPE (item)->tp_name);
          g_free (traces);
          Py_DECREF (seq);
          return NULL;
        }
      traces[i] = ((TraceObject *)item)->trace; /* the list keeps them alive */
    }
  Py_DECREF (seq);
  return traces;
}

static char **
strings_from_sequence (PyObject *obj,
                       guint     n)
{
  PyObject *seq = PySequence_Fast (obj, "labels must be a list of strings");
  char    **strv;

  if (seq == NULL)
    return NULL;
  if ((guint)PySequence_Fast_GET_SIZE (seq) != n)
    {
      PyErr_Format (PyExc_ValueError, "%u runs need %u labels", n, n);
      Py_DECREF (seq);
      return NULL;
    }
  strv = g_new0 (char *, n + 1);
  for (guint i = 0; i < n; i++)
    {
      const char *s = PyUnicode_Check (PySequence_Fast_GET_ITEM (seq, i))
                          ? PyUnicode_AsUTF8 (PySequence_Fast_GET_ITEM (seq, i))
                          : NULL;

      if (s == NULL)
        {
          PyErr_SetString (PyExc_TypeError, "labels must be strings");
          g_strfreev (strv);
          Py_DECREF (seq);
          return NULL;
        }
      strv[i] = g_strdup (s);
    }
  Py_DECREF (seq);
  return strv;
}

static void
compare_job (Job *job)
{
  job->result_tables = hp_compare_runs (job->traces, (const char *const *)job->labels, job->n_traces, &job->params,
                                        job->cancellable, &job->error);
}

static PyObject *
module_compare (PyObject *module,
                PyObject *args,
                PyObject *kwargs)
{
  static char *kwlist[] = { "runs", "labels", "params", NULL };
  PyObject    *runs, *labels = NULL, *dict = NULL, *result = NULL;
  Job          job;

  if (!PyArg_ParseTupleAndKeywords (args, kwargs, "O|OO", kwlist, &runs, &labels, &dict))
    return NULL;
  job_init (&job, compare_job);
  job.traces = traces_from_sequence (runs, &job.n_traces);
  if (job.traces == NULL)
    goto out;
  if (job.n_traces < 1 || job.n_traces > HP_COMPARE_MAX_RUNS)
    {
      PyErr_Format (PyExc_ValueError, "compare takes 1 to %d runs", HP_COMPARE_MAX_RUNS);
      goto out;
    }
  if (labels != NULL && labels != Py_None)
    job.labels = strings_from_sequence (labels, job.n_traces);
  else
    {
      job.labels = g_new0 (char *, job.n_traces + 1);
      for (guint i = 0; i < job.n_traces; i++)
        job.labels[i] = g_strdup_printf ("run %u", i + 1);
    }
  if (job.labels != NULL && params_from_dict (&job.params, dict) && job_run (&job))
    result = tables_to_list (job.result_tables);
out:
  job_clear (&job);
  return result;
}

static GArray *
iterations_from_object (PyObject *obj,
                        gboolean *ok)
{
  PyObject *seq;
  GArray   *array;

  *ok = TRUE;
  if (obj == NULL || obj == Py_None)
    return NULL;
  array = g_array_new (FALSE, FALSE, sizeof (int));
  if (PyLong_Check (obj))
    {
      int v = (int)PyLong_AsLong (obj);

      g_array_append_val (array, v);
      return array;
    }
  seq = PySequence_Fast (obj, "iterations must be an int or a list of ints");
  if (seq == NULL)
    {
      *ok = FALSE;
      g_array_unref (array);
      return NULL;
    }
  for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE (seq); i++)
    {
      int v = (int)PyLong_AsLong (PySequence_Fast_GET_ITEM (seq, i));

      if (v == -1 && PyErr_Occurred ())
        {
          *ok = FALSE;
          break;
        }
      g_array_append_val (array, v);
    }
  Py_DECREF (seq);
  if (!*ok)
    g_clear_pointer (&array, g_array_unref);
  return array;
}

static void
diff_job (Job *job)
{
  job->result_table = hp_trace_diff_compare (job->trace, job->other, &job->diff_params, job->cancellable, &job->error);
  if (job->result_table != NULL)
    job->result_ops_diff = hp_ops_diff_from_compare (job->result_table);
}

/* diff(control, test, control_label, test_label, control_rank, test_rank,
 * control_iterations, test_iterations, device, use_short_name)
 * -> (Table, {kind: [names]}) */
static PyObject *
module_diff (PyObject *module,
             PyObject *args,
             PyObject *kwargs)
{
  static char *kwlist[] = { "control", "test", "control_label", "test_label",
                            "control_rank", "test_rank", "control_iterations", "test_iterations",
                            "device", "use_short_name", NULL };
  PyObject    *control, *test, *control_it = NULL, *test_it = NULL, *result = NULL;
  const char  *control_label = "Control", *test_label = "Test", *device = "ALL";
  int          control_rank = -1, test_rank = -1, short_name = 0;
  gboolean     ok_c, ok_t;
  Job          job;

  if (!PyArg_ParseTupleAndKeywords (args, kwargs, "O!O!|ssiiOOsp", kwlist, &TraceType, &control, &TraceType, &test,
                                    &control_label, &test_label, &control_rank, &test_rank, &control_it, &test_it,
                                    &device, &short_name))
    return NULL;
  job_init (&job, diff_job);
  job.trace = ((TraceObject *)control)->trace;
  job.other = ((TraceObject *)test)->trace;
  g_free (job.diff_params.control_label);
  g_free (job.diff_params.test_label);
  job.diff_params.control_label = g_strdup (control_label);
  job.diff_params.test_label = g_strdup (test_label);
  job.diff_params.control_rank = control_rank;
  job.diff_params.test_rank = test_rank;
  job.diff_params.use_short_name = short_name;
  job.diff_params.control_iterations = iterations_from_object (control_it, &ok_c);
  job.diff_params.test_iterations = iterations_from_object (test_it, &ok_t);
  if (!ok_c || !ok_t)
    goto out;
  if (!hp_diff_device_from_string (device, &job.diff_params.device))
    {
      PyErr_Format (PyExc_ValueError, "device is CPU, GPU or ALL, not '%s'", device);
      goto out;
    }
  if (job_run (&job))
    {
      PyObject *kinds = PyDict_New ();

      for (int k = 0; kinds != NULL && k < HP_N_OPS_DIFF_KINDS; k++)
        {
          GPtrArray *names = job.result_ops_diff->names[k];
          PyObject  *list = PyList_New (names->len);

          for (guint i = 0; list != NULL && i < names->len; i++)
            PyList_SET_ITEM (list, i, PyUnicode_FromString (names->pdata[i]));
          if (list == NULL || PyDict_SetItemString (kinds, hp_ops_diff_kind_to_string (k), list) < 0)
            Py_CLEAR (kinds);
          Py_XDECREF (list);
        }
      if (kinds != NULL)
        result = Py_BuildValue ("(NN)", table_wrap (job.result_table), kinds);
    }
out:
  job_clear (&job);
  return result;
}

static PyObject *
module_diff_charts (PyObject *module,
                    PyObject *args,
                    PyObject *kwargs)
{
  static char *kwlist[] = { "table", "top_n", "format", "width", "height", "scale", "dark", NULL };
  PyObject    *table, *result;
  unsigned int top_n = 20;
  const char  *format = "svg";
  int          width = 960, height = 540, dark = 0;
  double       scale = 1.0;
  GPtrArray   *charts;

  if (!PyArg_ParseTupleAndKeywords (args, kwargs, "O!|Isiidp", kwlist, &TableType, &table, &top_n, &format, &width,
                                    &height, &scale, &dark))
    return NULL;
  charts = hp_diff_charts_new (((TableObject *)table)->table, top_n, NULL);
  result = render_charts (charts, format, width, height, scale, dark);
  g_clear_pointer (&charts, g_ptr_array_unref);
  return result;
}

static PyObject *
module_compare_charts (PyObject *module,
                       PyObject *args,
                       PyObject *kwargs)
{
  static char *kwlist[] = { "tables", "labels", "top_n", "format", "width", "height", "scale", "dark", NULL };
  PyObject    *list, *labels, *result = NULL, *seq;
  unsigned int top_n = 10;
  const char  *format = "svg";
  int          width = 960, height = 540, dark = 0;
  double       scale = 1.0;
  g_autoptr (GPtrArray) tables = g_ptr_array_new ();
  g_auto (GStrv) strv = NULL;
  GPtrArray *charts;

  if (!PyArg_ParseTupleAndKeywords (args, kwargs, "OO|Isiidp", kwlist, &list, &labels, &top_n, &format, &width,
                                    &height, &scale, &dark))
    return NULL;
  seq = PySequence_Fast (list, "tables must be a list of tables");
  if (seq == NULL)
    return NULL;
  for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE (seq); i++)
    {
      PyObject *item = PySequence_Fast_GET_ITEM (seq, i);

      if (!PyObject_TypeCheck (item, &TableType))
        {
          Py_DECREF (seq);
          return PyErr_Format (PyExc_TypeError, "tables must be hotpath tables");
        }
      g_ptr_array_add (tables, ((TableObject *)item)->table);
    }
  Py_DECREF (seq);
  if (PySequence_Size (labels) < 0)
    return NULL;
  strv = strings_from_sequence (labels, (guint)PySequence_Size (labels));
  if (strv == NULL)
    return NULL;
  charts = hp_compare_charts_new (tables, (const char *const *)strv, g_strv_length (strv), top_n, NULL);
  result = render_charts (charts, format, width, height, scale, dark);
  g_clear_pointer (&charts, g_ptr_array_unref);
  return result;
}

/* make_table(name, [(column, kind, data)]) -> Table: kind "i" (ints), "d"
 * (floats, NaN for null) or "s" (str or None), data a sequence */
static PyObject *
module_make_table (PyObject *module,
                   PyObject *args)
{
  const char *name;
  PyObject   *cols, *seq, *result = NULL;
  HpTable    *table;
  Py_ssize_t  n_cols, n_rows = 0;
  PyObject  **vseqs;

  if (!PyArg_ParseTuple (args, "sO", &name, &cols))
    return NULL;
  seq = PySequence_Fast (cols, "columns must be a list of (name, kind, values)");
  if (seq == NULL)
    return NULL;
  n_cols = PySequence_Fast_GET_SIZE (seq);
  vseqs = g_new0 (PyObject *, MAX (n_cols, 1));
  table = hp_table_new (name, name);
  for (Py_ssize_t c = 0; c < n_cols; c++)
    {
      const char *col, *kind;
      PyObject   *values;

      if (!PyArg_ParseTuple (PySequence_Fast_GET_ITEM (seq, c), "ssO", &col, &kind, &values))
        goto out;
      vseqs[c] = PySequence_Fast (values, "column values must be a sequence");
      if (vseqs[c] == NULL)
        goto out;
      if (c == 0)
        n_rows = PySequence_Fast_GET_SIZE (vseqs[c]);
      else if (n_rows != PySequence_Fast_GET_SIZE (vseqs[c]))
        {
          PyErr_SetString (PyExc_ValueError, "columns must have the same length");
          goto out;
        }
      hp_table_add_column (table, col,
                           kind[0] == 'i'   ? HP_COLUMN_INT
                           : kind[0] == 'd' ? HP_COLUMN_DOUBLE
                                            : HP_COLUMN_STRING,
                           NULL);
    }
  if (n_rows > 0)
    hp_table_append_rows (table, (guint)n_rows);
  for (Py_ssize_t c = 0; c < n_cols; c++)
    {
      HpColumnType type = hp_table_get_column_type (table, (guint)c);

      for (Py_ssize_t r = 0; r < n_rows; r++)
        {
          PyObject *v = PySequence_Fast_GET_ITEM (vseqs[c], r);

          if (v == Py_None)
            hp_table_set_null (table, (guint)r, (guint)c);
          else if (type == HP_COLUMN_INT)
            hp_table_set_int (table, (guint)r, (guint)c, PyLong_AsLongLong (v));
          else if (type == HP_COLUMN_DOUBLE)
            hp_table_set_double (table, (guint)r, (guint)c, PyFloat_AsDouble (v));
          else
            {
              PyObject *s = PyObject_Str (v);

              if (s != NULL)
                hp_table_set_string (table, (guint)r, (guint)c, PyUnicode_AsUTF8 (s));
              Py_XDECREF (s);
            }
          if (PyErr_Occurred ())
            goto out;
        }
    }
  result = table_wrap (table);
out:
  for (Py_ssize_t c = 0; c < n_cols; c++)
    Py_XDECREF (vseqs[c]);
  g_free (vseqs);
  Py_DECREF (seq);
  hp_table_unref (table);
  return result;
}

static const char *
param_type_name (HpParamType type)
{
  switch (type)
    {
    case HP_PARAM_INT:
      return "int";
    case HP_PARAM_INT64:
      return "int64";
    case HP_PARAM_DOUBLE:
      return "float";
    case HP_PARAM_BOOLEAN:
      return "bool";
    case HP_PARAM_INT_LIST:
      return "int_list";
    case HP_PARAM_INT64_LIST:
      return "int64_list";
    case HP_PARAM_STRING_LIST:
      return "str_list";
    case HP_PARAM_STRING:
    default:
      return "str";
    }
}

/* A parameter's default as Python sees it */
static PyObject *
param_default (const HpParamSpec *spec)
{
  switch (spec->type)
    {
    case HP_PARAM_INT:
    case HP_PARAM_INT64:
      return PyLong_FromLongLong ((long long)spec->default_value);
    case HP_PARAM_DOUBLE:
      return PyFloat_FromDouble (spec->default_value);
    case HP_PARAM_BOOLEAN:
      return PyBool_FromLong (spec->default_value != 0);
    default:
      Py_RETURN_NONE;
    }
}

static PyObject *
module_params (PyObject *module,
               PyObject *unused)
{
  guint              n;
  const HpParamSpec *specs = hp_param_spec_list (&n);
  PyObject          *list = PyList_New (n);

  for (guint i = 0; list != NULL && i < n; i++)
    {
      const HpParamSpec *s = &specs[i];
      PyObject          *item = Py_BuildValue ("{sssssNsdsdssssss}", "name", s->name, "type", param_type_name (s->type),
                                               "default", param_default (s), "minimum", s->minimum, "maximum", s->maximum,
                                               "unit", s->unit != NULL ? s->unit : "", "title", s->title != NULL ? s->title : "",
                                               "help", s->help != NULL ? s->help : "");

      if (item == NULL)
        {
          Py_CLEAR (list);
          break;
        }
      PyList_SET_ITEM (list, i, item);
    }
  return list;
}

static PyObject *
strv_to_tuple (const char *const *strv)
{
  guint     n = strv != NULL ? g_strv_length ((char **)strv) : 0;
  PyObject *t = PyTuple_New (n);

  for (guint i = 0; t != NULL && i < n; i++)
    PyTuple_SET_ITEM (t, i, PyUnicode_FromString (strv[i]));
  return t;
}

static PyObject *
module_analyses (PyObject *module,
                 PyObject *unused)
{
  guint                    n;
  const HpAnalysis *const *analyses = hp_analysis_list (&n);
  PyObject                *list = PyList_New (n);

  for (guint i = 0; list != NULL && i < n; i++)
    {
      const HpAnalysis *a = analyses[i];
      PyObject         *item = Py_BuildValue ("{sssssssNsNsO}", "name", a->name, "title", a->title, "section",
                                      a->section != NULL ? a->section : "", "params", strv_to_tuple (a->params),
                                              "tables", strv_to_tuple (a->tables), "in_default_set",
                                      a->in_default_set ? Py_True : Py_False);

      if (item == NULL)
        {
          Py_CLEAR (list);
          break;
        }
      PyList_SET_ITEM (list, i, item);
    }
  return list;
}

static PyMethodDef module_methods[] = {
  { "load", (PyCFunction)(void (*) (void))module_load, METH_VARARGS | METH_KEYWORDS,
    "load(paths, hta_compat=False, include_last_profiler_step=False, threads=0) -> Trace" },
  { "compare", (PyCFunction)(void (*) (void))module_compare, METH_VARARGS | METH_KEYWORDS,
    "compare(runs, labels=None, params=None) -> [Table]" },
  { "diff", (PyCFunction)(void (*) (void))module_diff, METH_VARARGS | METH_KEYWORDS,
    "diff(control, test, ...) -> (Table, {kind: [names]})" },
  { "diff_charts", (PyCFunction)(void (*) (void))module_diff_charts, METH_VARARGS | METH_KEYWORDS,
    "diff_charts(table, top_n=20, format='svg', ...) -> [(name, title, bytes)]" },
  { "compare_charts", (PyCFunction)(void (*) (void))module_compare_charts, METH_VARARGS | METH_KEYWORDS,
    "compare_charts(tables, labels, top_n=10, format='svg', ...) -> [(name, title, bytes)]" },
  { "make_table", (PyCFunction)module_make_table, METH_VARARGS,
    "make_table(name, [(column, kind, values)]) -> Table, for charts of a DataFrame" },
  { "params", (PyCFunction)module_params, METH_NOARGS, "params() -> [dict], every analysis parameter" },
  { "analyses", (PyCFunction)module_analyses, METH_NOARGS, "analyses() -> [dict], the analysis registry" },
  { NULL },
};

static struct PyModuleDef module_def = {
  PyModuleDef_HEAD_INIT,
  .m_name = "_hotpath",
  .m_doc = "libhotpath's traces, analyses, tables and charts",
  .m_size = -1,
  .m_methods = module_methods,
};

PyMODINIT_FUNC
PyInit__hotpath (void)
{
  PyObject *module;

  if (PyType_Ready (&TableType) < 0 || PyType_Ready (&TraceType) < 0 || PyType_Ready (&CriticalPathType) < 0)
    return NULL;
  module = PyModule_Create (&module_def);
  if (module == NULL)
    return NULL;
  hotpath_error = PyErr_NewExceptionWithDoc ("hotpath.Error", "A trace that Hotpath cannot load or analyse",
                                             PyExc_RuntimeError, NULL);
  Py_INCREF (&TableType);
  Py_INCREF (&TraceType);
  if (hotpath_error == NULL || PyModule_AddObject (module, "Error", hotpath_error) < 0 ||
      PyModule_AddObject (module, "Table", (PyObject *)&TableType) < 0 ||
      PyModule_AddObject (module, "Trace", (PyObject *)&TraceType) < 0 ||
      PyModule_AddStringConstant (module, "version", PACKAGE_VERSION) < 0)
    {
      Py_DECREF (module);
      return NULL;
    }
  Py_INCREF (hotpath_error);
  return module;
}
