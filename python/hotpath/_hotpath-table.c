/* _hotpath-table.c — hotpath.Table: a table's columns, CSV and charts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <Python.h>

#include "config.h"

#include <math.h>
#include <string.h>

#include "_hotpath-private.h"

/* --- Table ------------------------------------------------------------------- */

PyObject *
hp_py_table_wrap (HpTable *table)
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
PyObject *
hp_py_render_charts (GPtrArray  *charts,
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
          return hp_py_set_error (error);
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
  if (!hp_py_params_from_dict (&params, dict))
    {
      hp_analysis_params_clear (&params);
      return NULL;
    }
  charts = hp_chart_adapt_table (self->table, &params);
  result = hp_py_render_charts (charts, format, width, height, scale, dark);
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

PyTypeObject TableType = {
  PyVarObject_HEAD_INIT (NULL, 0).tp_name = "hotpath._hotpath.Table",
  .tp_basicsize = sizeof (TableObject),
  .tp_dealloc = (destructor)table_dealloc,
  .tp_flags = Py_TPFLAGS_DEFAULT,
  .tp_doc = "A table of an analysis, as libhotpath made it",
  .tp_methods = table_methods,
  .tp_getset = table_getset,
};

PyObject *
hp_py_tables_to_list (GPtrArray *tables)
{
  PyObject *list = PyList_New (tables != NULL ? tables->len : 0);

  for (guint i = 0; list != NULL && tables != NULL && i < tables->len; i++)
    {
      PyObject *t = hp_py_table_wrap (tables->pdata[i]);

      if (t == NULL)
        {
          Py_CLEAR (list);
          break;
        }
      PyList_SET_ITEM (list, i, t);
    }
  return list;
}
