/* _hotpath-common.c — errors, work off the GIL and parameters from Python values.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <Python.h>

#include "config.h"

#include <math.h>
#include <string.h>

#include "_hotpath-private.h"

/* --- Errors ---------------------------------------------------------------- */

/* Sets the Python exception a GError stands for and returns NULL. */
PyObject *
hp_py_set_error (const GError *error)
{
  if (error == NULL)
    {
      PyErr_SetString (hp_py_error, "failed without a reason");
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
    PyErr_SetString (hp_py_error, error->message);
  return NULL;
}

/* --- Work off the GIL -------------------------------------------------------- */

void
hp_py_job_init (Job    *job,
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

void
hp_py_job_clear (Job *job)
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
gboolean
hp_py_job_run (Job *job)
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
      hp_py_set_error (job->error);
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
gboolean
hp_py_params_from_dict (HpAnalysisParams *params,
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
