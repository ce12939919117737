/* _hotpath-critical-path.c — the critical path of a trace as a Python object.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <Python.h>

#include "config.h"

#include <math.h>
#include <string.h>

#include "_hotpath-private.h"

/* --- Critical path ------------------------------------------------------------ */

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
  PyObject *result = Py_BuildValue ("(NN)", hp_py_table_wrap (summary), hp_py_table_wrap (breakdown));

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
  result = Py_BuildValue ("(NNN)", hp_py_bytes_of (idx, n, 8), hp_py_bytes_of (ts, n, 8), hp_py_bytes_of (start, n, 1));
  g_free (idx);
  g_free (ts);
  g_free (start);
  return result;
}

/* edges() -> (src, dst, weight_ns as bytes of int64, [type], on_path bytes
 * of uint8, attribution bytes of int64, [bound_by]); attribution is the
 * index of the event the edge's time is charged to, -1 for the region's
 * root, -2 for an edge charged to no event */
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
  gint64         *attribution = g_new (gint64, MAX (n, 1));
  guint8         *on_path = g_new0 (guint8, MAX (n, 1));
  PyObject       *types = PyList_New (n);
  PyObject       *bound = PyList_New (n);
  /* the few distinct (static) strings of both lists, one object each */
  const char *cached[32];
  PyObject   *cached_obj[32];
  guint       n_cached = 0;
  PyObject   *result = NULL;

  for (guint i = 0; types != NULL && bound != NULL && i < n; i++)
    {
      const char *strs[] = { hp_cp_edge_type_to_string (edges[i].type), hp_critical_path_edge_bound_by (self->cp, &edges[i]) };
      PyObject   *objs[2] = { NULL, NULL };

      for (guint j = 0; j < 2; j++)
        {
          guint c = 0;

          while (c < n_cached && cached[c] != strs[j])
            c++;
          if (c == n_cached && c == G_N_ELEMENTS (cached))
            PyErr_SetString (PyExc_RuntimeError, "too many edge names"); /* more than types and bounds: cannot be */
          else if (c == n_cached && (objs[j] = PyUnicode_FromString (strs[j])) != NULL)
            {
              cached[n_cached] = strs[j];
              cached_obj[n_cached++] = objs[j];
            }
          else if (c < n_cached)
            objs[j] = cached_obj[c];
          if (objs[j] == NULL)
            break;
        }
      if (objs[0] == NULL || objs[1] == NULL)
        {
          Py_CLEAR (types);
          break;
        }
      src[i] = edges[i].src;
      dst[i] = edges[i].dst;
      weight[i] = edges[i].weight;
      attribution[i] = edges[i].attribution >= 0 ? (gint64)self->rank->index[edges[i].attribution] : (gint64)MAX (edges[i].attribution, -2);
      Py_INCREF (objs[0]);
      Py_INCREF (objs[1]);
      PyList_SET_ITEM (types, i, objs[0]);
      PyList_SET_ITEM (bound, i, objs[1]);
    }
  for (guint i = 0; i < n_path; i++)
    if (path[i] < n)
      on_path[path[i]] = 1;
  if (types != NULL && bound != NULL)
    result = Py_BuildValue ("(NNNNNNN)", hp_py_bytes_of (src, n, 8), hp_py_bytes_of (dst, n, 8), hp_py_bytes_of (weight, n, 8),
                            types, hp_py_bytes_of (on_path, n, 1), hp_py_bytes_of (attribution, n, 8), bound);
  else
    {
      Py_XDECREF (types);
      Py_XDECREF (bound);
    }
  for (guint c = 0; c < n_cached; c++)
    Py_DECREF (cached_obj[c]);
  g_free (src);
  g_free (dst);
  g_free (weight);
  g_free (attribution);
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
    return hp_py_set_error (error);
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
    "edges() -> (src, dst, weight_ns, [type], on_path, attribution, [bound_by]) as bytes and lists" },
  { "path_edges", (PyCFunction)critical_path_path_edges, METH_NOARGS, "path_edges() -> [edge id], in order" },
  { "write_overlay", (PyCFunction)critical_path_write_overlay, METH_VARARGS,
    "write_overlay(output_dir, only_critical_events=True, show_all_edges=False) -> path" },
  { NULL },
};

PyTypeObject CriticalPathType = {
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
PyObject *
hp_py_trace_critical_path (TraceObject *self,
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
      load_names = hp_py_strings_from_sequence (seq, (guint)PySequence_Fast_GET_SIZE (seq));
      Py_DECREF (seq);
      if (load_names == NULL)
        return NULL;
    }
  memset (&cj, 0, sizeof cj);
  cj.rank = hp_py_find_rank (self, rank);
  if (cj.rank == NULL)
    return NULL;
  hp_py_job_init (&cj.job, critical_path_job);
  hp_critical_path_options_init (&cj.options);
  cj.options.annotation = annotation;
  cj.options.instance_first = first;
  cj.options.instance_last = last >= 0 ? last : first;
  cj.options.zero_weight_launch_edges = zero;
  cj.options.data_load_events = (const char *const *)load_names;
  cj.job.trace = self->trace;
  if (hp_py_job_run (&cj.job))
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
  hp_py_job_clear (&cj.job);
  return result;
}
