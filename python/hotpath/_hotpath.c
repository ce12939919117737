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

#include <string.h>

#include "_hotpath-private.h"

PyObject *hp_py_error; /* hotpath.Error */

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
  hp_py_job_init (&job, load_job);
  job.paths = paths_from_object (obj);
  job.load_options.mode = hta_compat ? HP_MODE_HTA_COMPAT : HP_MODE_DEFAULT;
  job.load_options.include_last_step = include_last;
  job.load_options.n_threads = threads;
  if (job.paths != NULL && hp_py_job_run (&job))
    result = hp_py_trace_wrap (job.result_trace);
  hp_py_job_clear (&job);
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

char **
hp_py_strings_from_sequence (PyObject *obj,
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
  hp_py_job_init (&job, compare_job);
  job.traces = traces_from_sequence (runs, &job.n_traces);
  if (job.traces == NULL)
    goto out;
  if (job.n_traces < 1 || job.n_traces > HP_COMPARE_MAX_RUNS)
    {
      PyErr_Format (PyExc_ValueError, "compare takes 1 to %d runs", HP_COMPARE_MAX_RUNS);
      goto out;
    }
  if (labels != NULL && labels != Py_None)
    job.labels = hp_py_strings_from_sequence (labels, job.n_traces);
  else
    {
      job.labels = g_new0 (char *, job.n_traces + 1);
      for (guint i = 0; i < job.n_traces; i++)
        job.labels[i] = g_strdup_printf ("run %u", i + 1);
    }
  if (job.labels != NULL && hp_py_params_from_dict (&job.params, dict) && hp_py_job_run (&job))
    result = hp_py_tables_to_list (job.result_tables);
out:
  hp_py_job_clear (&job);
  return result;
}

GArray *
hp_py_iterations_from_object (PyObject *obj,
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
  hp_py_job_init (&job, diff_job);
  job.trace = ((TraceObject *)control)->trace;
  job.other = ((TraceObject *)test)->trace;
  g_free (job.diff_params.control_label);
  g_free (job.diff_params.test_label);
  job.diff_params.control_label = g_strdup (control_label);
  job.diff_params.test_label = g_strdup (test_label);
  job.diff_params.control_rank = control_rank;
  job.diff_params.test_rank = test_rank;
  job.diff_params.use_short_name = short_name;
  job.diff_params.control_iterations = hp_py_iterations_from_object (control_it, &ok_c);
  job.diff_params.test_iterations = hp_py_iterations_from_object (test_it, &ok_t);
  if (!ok_c || !ok_t)
    goto out;
  if (!hp_diff_device_from_string (device, &job.diff_params.device))
    {
      PyErr_Format (PyExc_ValueError, "device is CPU, GPU or ALL, not '%s'", device);
      goto out;
    }
  if (hp_py_job_run (&job))
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
        result = Py_BuildValue ("(NN)", hp_py_table_wrap (job.result_table), kinds);
    }
out:
  hp_py_job_clear (&job);
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
  result = hp_py_render_charts (charts, format, width, height, scale, dark);
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
  strv = hp_py_strings_from_sequence (labels, (guint)PySequence_Size (labels));
  if (strv == NULL)
    return NULL;
  charts = hp_compare_charts_new (tables, (const char *const *)strv, g_strv_length (strv), top_n, NULL);
  result = hp_py_render_charts (charts, format, width, height, scale, dark);
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
  result = hp_py_table_wrap (table);
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
strv_to_tuple (const char *const *strv)
{
  guint     n = strv != NULL ? g_strv_length ((char **)strv) : 0;
  PyObject *t = PyTuple_New (n);

  for (guint i = 0; t != NULL && i < n; i++)
    PyTuple_SET_ITEM (t, i, PyUnicode_FromString (strv[i]));
  return t;
}

static PyObject *
module_params (PyObject *module,
               PyObject *unused)
{
  guint                     n;
  const HpParamSpec *const *specs = hp_param_spec_list (&n);
  PyObject                 *list = PyList_New (n);

  for (guint i = 0; list != NULL && i < n; i++)
    {
      const HpParamSpec *s = specs[i];
      PyObject          *item = Py_BuildValue ("{sssssNsdsdsssssssssN}", "name", s->name, "type", param_type_name (s->type),
                                               "default", param_default (s), "minimum", s->minimum, "maximum", s->maximum,
                                               "unit", s->unit != NULL ? s->unit : "", "title", s->title != NULL ? s->title : "",
                                               "help", s->help != NULL ? s->help : "", "description",
                                      s->description != NULL ? s->description : "", "choices",
                                               strv_to_tuple (s->choices));

      if (item == NULL)
        {
          Py_CLEAR (list);
          break;
        }
      PyList_SET_ITEM (list, i, item);
    }
  return list;
}

/* the names of the parameters @analysis reads besides `ranks` */
static PyObject *
param_names (const HpAnalysis *analysis)
{
  g_autoptr (GPtrArray) specs = hp_analysis_get_param_specs (analysis);
  PyObject *t = PyTuple_New (specs->len);

  for (guint i = 0; t != NULL && i < specs->len; i++)
    PyTuple_SET_ITEM (t, i, PyUnicode_FromString (((const HpParamSpec *)specs->pdata[i])->name));
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
                                      a->section != NULL ? a->section : "", "params", param_names (a),
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
  hp_py_error = PyErr_NewExceptionWithDoc ("hotpath.Error", "A trace that Hotpath cannot load or analyse",
                                           PyExc_RuntimeError, NULL);
  Py_INCREF (&TableType);
  Py_INCREF (&TraceType);
  if (hp_py_error == NULL || PyModule_AddObject (module, "Error", hp_py_error) < 0 ||
      PyModule_AddObject (module, "Table", (PyObject *)&TableType) < 0 ||
      PyModule_AddObject (module, "Trace", (PyObject *)&TraceType) < 0 ||
      PyModule_AddStringConstant (module, "version", PACKAGE_VERSION) < 0)
    {
      Py_DECREF (module);
      return NULL;
    }
  Py_INCREF (hp_py_error);
  return module;
}
