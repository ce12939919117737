/* _hotpath-private.h — what the files of the extension hotpath._hotpath share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <Python.h>

#include "hp-core.h"
#include "hp-charts.h"

PyMODINIT_FUNC PyInit__hotpath (void);

extern PyObject *hp_py_error; /* hotpath.Error */

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
  int               rank;        /* the rank a one-rank job reads */
  guint             series_mask; /* HpCounterSeries a counters job adds */
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

typedef struct
{
  PyObject_HEAD HpTable *table;
} TableObject;

extern PyTypeObject TableType;

typedef struct
{
  PyObject_HEAD HpTrace *trace;
} TraceObject;

extern PyTypeObject TraceType;

typedef struct
{
  PyObject_HEAD HpCriticalPath *cp;
  PyObject                     *trace; /* the TraceObject it was computed on */
  const HpRank                 *rank;
} CriticalPathObject;

extern PyTypeObject CriticalPathType;

PyObject *
hp_py_set_error (const GError *error);

void
hp_py_job_init (Job    *job,
                JobFunc func);

void
hp_py_job_clear (Job *job);

gboolean
hp_py_job_run (Job *job);

gboolean
hp_py_params_from_dict (HpAnalysisParams *params,
                        PyObject         *dict);

PyObject *
hp_py_table_wrap (HpTable *table);

PyObject *
hp_py_render_charts (GPtrArray  *charts,
                     const char *format_name,
                     int         width,
                     int         height,
                     double      scale,
                     int         dark);

PyObject *
hp_py_tables_to_list (GPtrArray *tables);

PyObject *
hp_py_trace_wrap (HpTrace *trace);

const HpRank *
hp_py_find_rank (TraceObject *self,
                 int          rank);

PyObject *
hp_py_bytes_of (const void *data,
                gsize       n,
                gsize       size);

PyObject *
hp_py_trace_event_arg_columns (TraceObject *self,
                               PyObject    *args);

PyObject *
hp_py_trace_arg_keys (TraceObject *self,
                      PyObject    *args);

PyObject *
hp_py_trace_critical_path (TraceObject *self,
                           PyObject    *args,
                           PyObject    *kwargs);

char **
hp_py_strings_from_sequence (PyObject *obj,
                             guint     n);

GArray *
hp_py_iterations_from_object (PyObject *obj,
                              gboolean *ok);
