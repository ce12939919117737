/* _hotpath-args.c — a rank's event args as whole columns, ready for a DataFrame.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <Python.h>

#include "config.h"

#include <math.h>
#include <string.h>

#include "_hotpath-private.h"

/* The text of a string or JSON arg: it lives in the rank's memory for as
 * long as the trace does, so a key only points at it. */
typedef struct
{
  const char *text;
  gsize       len;
} TextKey;

static guint
text_key_hash (gconstpointer p)
{
  const TextKey *k = p;
  guint          h = 5381;

  for (gsize i = 0; i < k->len; i++)
    h = h * 33 + (guchar)k->text[i];
  return h;
}

static void
decref (gpointer obj)
{
  Py_DECREF ((PyObject *)obj);
}

/* One column being filled: kind 'i' (int64), 'd' (double) or 's'/'o'
 * (Python objects; 's' keeps numbers that fit no C type as their text). */
typedef struct
{
  guint32     key;
  char        kind;
  PyObject   *column;  /* a bytearray: int64 or double ('i', 'd'), uint32 codes ('s', 'o') */
  PyObject   *uniques; /* 's', 'o': the values the codes index, the default first */
  GHashTable *code_of; /* 's', 'o': value (its object) -> code */
} ArgSpec;

/* The Python value of an object column's arg, as json.loads would give it;
 * strings and JSON texts are made once per distinct text (@cache), arrays
 * and objects decoded by @loads (a text it refuses stays a string). */
static PyObject *
arg_to_object (const HpArgValue *v,
               char              kind,
               PyObject         *loads,
               GHashTable       *cache)
{
  TextKey   key = { v->s != NULL ? v->s : "", v->s != NULL ? v->s_len : 0 };
  PyObject *obj, *text;

  switch (v->type)
    {
    case HP_ARG_INT:
      return PyLong_FromLongLong (v->i);
    case HP_ARG_DOUBLE:
      return PyFloat_FromDouble (v->d);
    case HP_ARG_TRUE:
      Py_RETURN_TRUE;
    case HP_ARG_FALSE:
      Py_RETURN_FALSE;
    case HP_ARG_STRING:
    case HP_ARG_JSON:
    case HP_ARG_NUMBER:
      break;
    default:
      Py_RETURN_NONE;
    }
  if (v->type == HP_ARG_STRING && (obj = g_hash_table_lookup (cache, &key)) != NULL)
    {
      Py_INCREF (obj);
      return obj;
    }
  if ((text = PyUnicode_DecodeUTF8 (key.text, (Py_ssize_t)key.len, "replace")) == NULL)
    return NULL;
  if (v->type == HP_ARG_NUMBER)
    {
      if (kind == 's')
        return text;
      obj = PyFloat_FromString (text);
      Py_DECREF (text);
      return obj;
    }
  if (v->type == HP_ARG_JSON)
    {
      /* JSON texts share the cache with strings under a distinct key */
      TextKey json_key = { key.text, key.len | ((gsize)1 << (sizeof (gsize) * 8 - 1)) };

      if ((obj = g_hash_table_lookup (cache, &json_key)) != NULL)
        {
          Py_DECREF (text);
          Py_INCREF (obj);
          return obj;
        }
      obj = PyObject_CallOneArg (loads, text);
      if (obj == NULL && PyErr_ExceptionMatches (PyExc_ValueError))
        {
          PyErr_Clear ();
          obj = text;
          Py_INCREF (obj);
        }
      Py_DECREF (text);
      if (obj == NULL)
        return NULL;
      Py_INCREF (obj);
      g_hash_table_insert (cache, g_memdup2 (&json_key, sizeof json_key), obj);
      return obj;
    }
  Py_INCREF (text);
  g_hash_table_insert (cache, g_memdup2 (&key, sizeof key), text);
  return text;
}

/* The texts' keys carry a flag in their length's top bit, so compare and
 * hash only what the texts are. */
static guint
cache_key_hash (gconstpointer p)
{
  const TextKey *k = p;
  TextKey        plain = { k->text, k->len & ~((gsize)1 << (sizeof (gsize) * 8 - 1)) };

  return text_key_hash (&plain) ^ (k->len != plain.len);
}

static gboolean
cache_key_equal (gconstpointer a,
                 gconstpointer b)
{
  const TextKey *x = a;
  const TextKey *y = b;
  gsize          mask = ~((gsize)1 << (sizeof (gsize) * 8 - 1));

  return x->len == y->len && memcmp (x->text, y->text, x->len & mask) == 0;
}

static gboolean
fill_numeric (PyObject *column,
              char      kind,
              PyObject *default_value,
              guint     n)
{
  char *data = PyByteArray_AS_STRING (column);

  if (kind == 'i')
    {
      gint64 d = PyLong_AsLongLong (default_value);

      if (d == -1 && PyErr_Occurred ())
        return FALSE;
      for (guint k = 0; k < n; k++)
        memcpy (data + (gsize)k * 8, &d, 8);
    }
  else
    {
      double d = PyFloat_AsDouble (default_value);

      if (d == -1.0 && PyErr_Occurred ())
        return FALSE;
      for (guint k = 0; k < n; k++)
        memcpy (data + (gsize)k * 8, &d, 8);
    }
  return TRUE;
}

static gboolean
parse_specs (PyObject     *seq,
             ArgSpec      *specs,
             guint         n_specs,
             guint         n,
             const HpRank *r)
{
  for (guint j = 0; j < n_specs; j++)
    {
      PyObject   *item = PySequence_Fast_GET_ITEM (seq, j);
      const char *name, *kind;
      PyObject   *def;

      if (!PyTuple_Check (item) || !PyArg_ParseTuple (item, "ssO", &name, &kind, &def))
        {
          if (!PyErr_Occurred ())
            PyErr_SetString (PyExc_TypeError, "each spec is a tuple (arg name, kind, default)");
          return FALSE;
        }
      if (strlen (kind) != 1 || strchr ("idso", kind[0]) == NULL)
        {
          PyErr_Format (PyExc_ValueError, "kind %R of arg %s is not one of 'i', 'd', 's', 'o'",
                        PyTuple_GET_ITEM (item, 1), name);
          return FALSE;
        }
      /* a key no event has matches nothing */
      specs[j].key = hp_rank_lookup_arg_key (r, name);
      specs[j].kind = kind[0];
      if (kind[0] == 'i' || kind[0] == 'd')
        {
          specs[j].column = PyByteArray_FromStringAndSize (NULL, (Py_ssize_t)n * 8);
          if (specs[j].column == NULL || !fill_numeric (specs[j].column, kind[0], def, n))
            return FALSE;
        }
      else
        {
          /* code 0 is the default: a zeroed column */
          specs[j].column = PyByteArray_FromStringAndSize (NULL, (Py_ssize_t)n * 4);
          if (specs[j].column == NULL || (specs[j].uniques = PyList_New (0)) == NULL ||
              PyList_Append (specs[j].uniques, def) < 0)
            return FALSE;
          memset (PyByteArray_AS_STRING (specs[j].column), 0, (gsize)n * 4);
          specs[j].code_of = g_hash_table_new (NULL, NULL);
        }
    }
  return TRUE;
}

/* event_arg_columns(rank, [(arg name, kind, default)], loads) -> [column]:
 * one column per spec over the rank's rows, the default where a row lacks
 * the arg; 'i' and 'd' columns are bytearrays of int64 and double (an int
 * column truncates a double arg), 's' and 'o' columns (codes, values): a
 * bytearray of uint32 codes into the list of values, the default first. */
PyObject *
hp_py_trace_event_arg_columns (TraceObject *self,
                               PyObject    *args)
{
  int           rank;
  PyObject     *spec_list, *loads, *seq, *result = NULL;
  const HpRank *r;
  ArgSpec      *specs;
  guint         n_specs, n;
  GHashTable   *cache;
  gboolean      ok;
  guint         max_key = 0;
  guint        *spec_of = NULL;

  if (!PyArg_ParseTuple (args, "iOO", &rank, &spec_list, &loads) || (r = hp_py_find_rank (self, rank)) == NULL)
    return NULL;
  if (!PyCallable_Check (loads))
    {
      PyErr_SetString (PyExc_TypeError, "loads must be callable (json.loads)");
      return NULL;
    }
  if ((seq = PySequence_Fast (spec_list, "specs must be a sequence of (arg name, kind, default)")) == NULL)
    return NULL;
  n_specs = (guint)PySequence_Fast_GET_SIZE (seq);
  n = r->n_rows;
  specs = g_new0 (ArgSpec, MAX (n_specs, 1));
  cache = g_hash_table_new_full (cache_key_hash, cache_key_equal, g_free, decref);
  ok = parse_specs (seq, specs, n_specs, n, r);
  /* spec_of[key] = the spec of that arg + 1, 0 for args no spec asks for */
  for (guint j = 0; ok && j < n_specs; j++)
    if (specs[j].key != HP_NO_STRING)
      max_key = MAX (max_key, specs[j].key + 1);
  spec_of = g_new0 (guint, MAX (max_key, 1));
  for (guint j = n_specs; ok && j > 0; j--) /* the first spec of a key wins */
    if (specs[j - 1].key != HP_NO_STRING)
      spec_of[specs[j - 1].key] = j;

  for (guint k = 0; ok && n_specs > 0 && k < n; k++)
    {
      HpArgIter  it;
      HpArgValue v;

      if (!hp_rank_args_iter_init (r, r->rows[k], &it))
        continue;
      while (ok && hp_rank_args_iter_next (&it, &v))
        if (v.key < max_key && spec_of[v.key] != 0)
          {
            ArgSpec *s = &specs[spec_of[v.key] - 1];

            if (s->kind == 'i')
              {
                gint64 x = v.i;

                if (v.type == HP_ARG_DOUBLE)
                  x = isfinite (v.d) && fabs (v.d) < 9.2e18 ? (gint64)v.d : G_MININT64;
                memcpy (PyByteArray_AS_STRING (s->column) + (gsize)k * 8, &x, 8);
              }
            else if (s->kind == 'd')
              memcpy (PyByteArray_AS_STRING (s->column) + (gsize)k * 8, &v.d, 8);
            else
              {
                PyObject *obj = arg_to_object (&v, s->kind, loads, cache);
                gpointer  code = NULL;

                /* a string or JSON text is one object however many rows
                 * have it (the cache), so one code */
                if (obj == NULL)
                  ok = FALSE;
                else if (!g_hash_table_lookup_extended (s->code_of, obj, NULL, &code))
                  {
                    code = GUINT_TO_POINTER ((guint)PyList_GET_SIZE (s->uniques));
                    if (PyList_Append (s->uniques, obj) < 0)
                      ok = FALSE;
                    else
                      g_hash_table_insert (s->code_of, obj, code);
                  }
                if (obj != NULL)
                  {
                    guint32 c = GPOINTER_TO_UINT (code);

                    memcpy (PyByteArray_AS_STRING (s->column) + (gsize)k * 4, &c, 4);
                    Py_DECREF (obj); /* the list of values holds it */
                  }
              }
          }
    }

  if (ok && (result = PyList_New (n_specs)) != NULL)
    for (guint j = 0; j < n_specs; j++)
      {
        PyObject *col = specs[j].column;

        if (specs[j].uniques != NULL && (col = PyTuple_Pack (2, specs[j].column, specs[j].uniques)) == NULL)
          {
            Py_CLEAR (result);
            break;
          }
        if (specs[j].uniques == NULL)
          Py_INCREF (col);
        PyList_SET_ITEM (result, j, col);
      }
  for (guint j = 0; j < n_specs; j++)
    {
      Py_XDECREF (specs[j].column);
      Py_XDECREF (specs[j].uniques);
      g_clear_pointer (&specs[j].code_of, g_hash_table_unref);
    }
  g_hash_table_unref (cache);
  g_free (spec_of);
  g_free (specs);
  Py_DECREF (seq);
  return result;
}

/* arg_keys(rank) -> [str]: every arg name the rank's rows carry, in the
 * order they first appear */
PyObject *
hp_py_trace_arg_keys (TraceObject *self,
                      PyObject    *args)
{
  int           rank;
  const HpRank *r;
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
  g_autoptr (GArray) order = g_array_new (FALSE, FALSE, sizeof (guint32));
  PyObject *list;

  if (!PyArg_ParseTuple (args, "i", &rank) || (r = hp_py_find_rank (self, rank)) == NULL)
    return NULL;
  Py_BEGIN_ALLOW_THREADS;
  for (guint k = 0; k < r->n_rows; k++)
    {
      HpArgIter  it;
      HpArgValue v;

      if (!hp_rank_args_iter_init (r, r->rows[k], &it))
        continue;
      while (hp_rank_args_iter_next (&it, &v))
        if (g_hash_table_add (seen, GUINT_TO_POINTER (v.key + 1)))
          g_array_append_val (order, v.key);
    }
  Py_END_ALLOW_THREADS;
  if ((list = PyList_New (order->len)) == NULL)
    return NULL;
  for (guint i = 0; i < order->len; i++)
    {
      const char *name = hp_rank_get_arg_key_name (r, g_array_index (order, guint32, i));
      PyObject   *s = PyUnicode_DecodeUTF8 (name != NULL ? name : "", (Py_ssize_t)strlen (name != NULL ? name : ""), "replace");

      if (s == NULL)
        {
          Py_DECREF (list);
          return NULL;
        }
      PyList_SET_ITEM (list, i, s);
    }
  return list;
}
