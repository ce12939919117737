/* hp-analysis-params.c — analysis parameters: the common specs, the bag
 * and the functions over any spec.
 *
 * A spec gives a parameter's HTA keyword, type, HTA default, valid range,
 * unit and help. The table here describes the fields of HpAnalysisParams,
 * the parameters every analysis shares; an analysis defines its own
 * parameters in its own file, kept in the parameters' bag, and the
 * registry gathers them all (hp_param_spec_list()). The CLI's options, the
 * defaults, the checks of a value, the comparison that decides which
 * results a change invalidates and the README's parameter table all come
 * from the specs. Values as text (parsed, written) live in
 * hp-analysis-params-text.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "hp-analysis-params-private.h"

G_DEFINE_QUARK (hp_analysis_error, hp_analysis_error)

#define FIELD(f) offsetof (HpAnalysisParams, f)

/* clang-format off */
const HpParamSpec hp_analysis_ranks_spec = { "ranks", HP_PARAM_INT_LIST, FIELD (ranks), 0, 0, G_MAXINT, NULL, N_("Ranks"),
  "Comma-separated ranks, or 'all' (default)", "LIST", N_("The ranks analysed; empty for every rank") };
const HpParamSpec hp_analysis_streams_spec = { "streams", HP_PARAM_INT64_LIST, FIELD (streams), 0, (double)G_MININT64, (double)G_MAXINT64, NULL,
  N_("Streams"), "Idle time: comma-separated GPU streams (default: all)", "LIST", N_("The GPU streams whose idle time is broken down; empty for every stream") };
/* clang-format on */

static const HpParamSpec *const param_specs[] = {
  &hp_analysis_ranks_spec,
  &hp_analysis_streams_spec,
};

/* the specs of the fields of HpAnalysisParams, in the order of the CLI's
 * help; hp_param_spec_list() (hp-analysis-registry.c) adds those of every
 * analysis */
const HpParamSpec *const *
_hp_param_field_specs (guint *n_specs)
{
  *n_specs = G_N_ELEMENTS (param_specs);
  return param_specs;
}

/**
 * _hp_param_name_is:
 * @name: HTA's keyword (`num_kernels`) or the CLI's (`num-kernels`)
 *
 * Returns: whether @name names @spec
 */
gboolean
_hp_param_name_is (const HpParamSpec *spec,
                   const char        *name)
{
  const char *a = spec->name;
  const char *b = name;

  while (*a != '\0' && (*a == *b || (*a == '_' && *b == '-')))
    a++, b++;
  return *a == '\0' && *b == '\0';
}

static void
bag_value_free (gpointer data)
{
  HpBagValue *value = data;

  switch (value->spec->type)
    {
    case HP_PARAM_INT_LIST:
    case HP_PARAM_INT64_LIST:
      g_clear_pointer (&value->v.list, g_array_unref);
      break;
    case HP_PARAM_STRING_LIST:
      g_clear_pointer (&value->v.strv, g_strfreev);
      break;
    case HP_PARAM_STRING:
      g_clear_pointer (&value->v.s, g_free);
      break;
    default:
      break;
    }
  g_free (value);
}

/* the default of @spec into @value (lists and strings: none) */
static void
bag_value_init (HpBagValue        *value,
                const HpParamSpec *spec)
{
  *value = (HpBagValue){ .spec = spec };
  switch (spec->type)
    {
    case HP_PARAM_INT:
      value->v.i = (int)spec->default_value;
      break;
    case HP_PARAM_INT64:
      value->v.l = (gint64)spec->default_value;
      break;
    case HP_PARAM_DOUBLE:
      value->v.d = spec->default_value;
      break;
    case HP_PARAM_BOOLEAN:
      value->v.b = spec->default_value != 0;
      break;
    default:
      break;
    }
}

GHashTable *
_hp_analysis_params_copy_bag (GHashTable *bag)
{
  GHashTable    *copy;
  GHashTableIter iter;
  gpointer       key, data;

  if (bag == NULL)
    return NULL;
  copy = g_hash_table_new_full (NULL, NULL, NULL, bag_value_free);
  g_hash_table_iter_init (&iter, bag);
  while (g_hash_table_iter_next (&iter, &key, &data))
    {
      const HpBagValue *value = data;
      HpBagValue       *dup = g_memdup2 (value, sizeof *value);

      switch (value->spec->type)
        {
        case HP_PARAM_INT_LIST:
        case HP_PARAM_INT64_LIST:
          dup->v.list = value->v.list != NULL ? g_array_copy (value->v.list) : NULL;
          break;
        case HP_PARAM_STRING_LIST:
          dup->v.strv = g_strdupv (value->v.strv);
          break;
        case HP_PARAM_STRING:
          dup->v.s = g_strdup (value->v.s);
          break;
        default:
          break;
        }
      g_hash_table_insert (copy, key, dup);
    }
  return copy;
}

/* Where the value of @spec is read: its field, its value in the bag, or
 * else its default, made in @scratch */
gconstpointer
_hp_analysis_params_value_at (const HpAnalysisParams *params,
                              const HpParamSpec      *spec,
                              HpBagValue             *scratch)
{
  HpBagValue *value;

  if (spec->offset != HP_PARAM_IN_BAG)
    return (const guint8 *)params + spec->offset;
  value = params->bag != NULL ? g_hash_table_lookup (params->bag, spec) : NULL;
  if (value != NULL)
    return &value->v;
  bag_value_init (scratch, spec);
  return &scratch->v;
}

/* Where the value of @spec is written: its field, or its value in the bag
 * (added with the default) */
gpointer
_hp_analysis_params_value_at_mut (HpAnalysisParams  *params,
                                  const HpParamSpec *spec)
{
  HpBagValue *value;

  if (spec->offset != HP_PARAM_IN_BAG)
    return (guint8 *)params + spec->offset;
  if (params->bag == NULL)
    params->bag = g_hash_table_new_full (NULL, NULL, NULL, bag_value_free);
  value = g_hash_table_lookup (params->bag, spec);
  if (value == NULL)
    {
      value = g_new (HpBagValue, 1);
      bag_value_init (value, spec);
      g_hash_table_insert (params->bag, (gpointer)spec, value);
    }
  return &value->v;
}

/**
 * hp_analysis_params_init:
 *
 * Fills @params with HTA's defaults, from the parameter specs.
 */
void
hp_analysis_params_init (HpAnalysisParams *params)
{
  g_return_if_fail (params != NULL);

  *params = (HpAnalysisParams){ 0 };
  /* lists start empty: every rank, stream or name */
  for (guint i = 0; i < G_N_ELEMENTS (param_specs); i++)
    if (param_specs[i]->type <= HP_PARAM_BOOLEAN)
      hp_param_set_number (param_specs[i], params, param_specs[i]->default_value);
}

static gboolean
arrays_equal (GArray *a,
              GArray *b)
{
  guint la = a != NULL ? a->len : 0;
  guint lb = b != NULL ? b->len : 0;

  if (la != lb)
    return FALSE;
  return la == 0 || memcmp (a->data, b->data, la * g_array_get_element_size (a)) == 0;
}

/**
 * hp_param_equal:
 *
 * Returns: whether @a and @b hold the same value for @spec (an empty list
 *   equals no list)
 */
gboolean
hp_param_equal (const HpParamSpec      *spec,
                const HpAnalysisParams *a,
                const HpAnalysisParams *b)
{
  HpBagValue sa, sb;

  switch (spec->type)
    {
    case HP_PARAM_INT:
      return *((int const *)_hp_analysis_params_value_at (a, spec, &sa)) == *((int const *)_hp_analysis_params_value_at (b, spec, &sb));
    case HP_PARAM_INT64:
      return *((gint64 const *)_hp_analysis_params_value_at (a, spec, &sa)) == *((gint64 const *)_hp_analysis_params_value_at (b, spec, &sb));
    case HP_PARAM_DOUBLE:
      return *((double const *)_hp_analysis_params_value_at (a, spec, &sa)) == *((double const *)_hp_analysis_params_value_at (b, spec, &sb));
    case HP_PARAM_BOOLEAN:
      return !*((gboolean const *)_hp_analysis_params_value_at (a, spec, &sa)) == !*((gboolean const *)_hp_analysis_params_value_at (b, spec, &sb));
    case HP_PARAM_INT_LIST:
    case HP_PARAM_INT64_LIST:
      return arrays_equal (*((GArray *const *)_hp_analysis_params_value_at (a, spec, &sa)), *((GArray *const *)_hp_analysis_params_value_at (b, spec, &sb)));
    case HP_PARAM_STRING_LIST:
      {
        char **x = *((char **const *)_hp_analysis_params_value_at (a, spec, &sa));
        char **y = *((char **const *)_hp_analysis_params_value_at (b, spec, &sb));

        if (x == NULL || y == NULL)
          return (x == NULL || x[0] == NULL) && (y == NULL || y[0] == NULL);
        return g_strv_equal ((const char *const *)x, (const char *const *)y);
      }
    case HP_PARAM_STRING:
      {
        const char *x = *((char *const *)_hp_analysis_params_value_at (a, spec, &sa));
        const char *y = *((char *const *)_hp_analysis_params_value_at (b, spec, &sb));

        return g_strcmp0 (x != NULL ? x : "", y != NULL ? y : "") == 0;
      }
    default:
      g_assert_not_reached ();
    }
}
/**
 * hp_analysis_uses_param:
 *
 * Returns: whether @analysis reads the parameter @spec (every analysis
 *   reads `ranks`)
 */
gboolean
hp_analysis_uses_param (const HpAnalysis  *analysis,
                        const HpParamSpec *spec)
{
  g_return_val_if_fail (analysis != NULL && spec != NULL, FALSE);

  if (spec->offset == FIELD (ranks))
    return TRUE;
  for (guint i = 0; analysis->shared_params != NULL && analysis->shared_params[i] != NULL; i++)
    if (analysis->shared_params[i] == spec)
      return TRUE;
  for (guint i = 0; analysis->specs != NULL && analysis->specs[i] != NULL; i++)
    if (analysis->specs[i] == spec)
      return TRUE;
  return FALSE;
}

/**
 * hp_analysis_get_param_specs:
 *
 * Returns: (transfer container) (element-type HpParamSpec): the
 *   parameters @analysis reads besides `ranks`: the shared ones it lists,
 *   then those it defines
 */
GPtrArray *
hp_analysis_get_param_specs (const HpAnalysis *analysis)
{
  GPtrArray *specs = g_ptr_array_new ();

  g_return_val_if_fail (analysis != NULL, specs);
  for (guint i = 0; analysis->shared_params != NULL && analysis->shared_params[i] != NULL; i++)
    g_ptr_array_add (specs, (gpointer)analysis->shared_params[i]);
  for (guint i = 0; analysis->specs != NULL && analysis->specs[i] != NULL; i++)
    g_ptr_array_add (specs, (gpointer)analysis->specs[i]);
  return specs;
}

/**
 * hp_analysis_params_affect:
 *
 * Returns: whether going from @a to @b changes a parameter @analysis
 *   reads, so its results must be computed again
 */
gboolean
hp_analysis_params_affect (const HpAnalysis       *analysis,
                           const HpAnalysisParams *a,
                           const HpAnalysisParams *b)
{
  for (guint i = 0; i < G_N_ELEMENTS (param_specs); i++)
    if (!hp_param_equal (param_specs[i], a, b) && hp_analysis_uses_param (analysis, param_specs[i]))
      return TRUE;
  for (guint i = 0; analysis->specs != NULL && analysis->specs[i] != NULL; i++)
    if (!hp_param_equal (analysis->specs[i], a, b))
      return TRUE;
  return FALSE;
}

/**
 * hp_param_get_number:
 *
 * Returns: the value of a number or boolean parameter, as a double (a
 *   boolean is 0 or 1)
 */
double
hp_param_get_number (const HpParamSpec      *spec,
                     const HpAnalysisParams *params)
{
  HpBagValue scratch;

  switch (spec->type)
    {
    case HP_PARAM_INT:
      return *AT (params, spec, int);
    case HP_PARAM_INT64:
      return (double)*AT (params, spec, gint64);
    case HP_PARAM_DOUBLE:
      return *AT (params, spec, double);
    case HP_PARAM_BOOLEAN:
      return *AT (params, spec, gboolean) ? 1 : 0;
    default:
      g_return_val_if_reached (0);
    }
}

/**
 * hp_param_set_number:
 *
 * Sets a number or boolean parameter, clamped to its valid range.
 */
void
hp_param_set_number (const HpParamSpec *spec,
                     HpAnalysisParams  *params,
                     double             value)
{
  if (isnan (value))
    return;
  value = CLAMP (value, spec->minimum, spec->maximum);
  switch (spec->type)
    {
    case HP_PARAM_INT:
      *AT_MUT (params, spec, int) = (int)llround (value);
      break;
    case HP_PARAM_INT64:
      *AT_MUT (params, spec, gint64) = (gint64)llround (value);
      break;
    case HP_PARAM_DOUBLE:
      *AT_MUT (params, spec, double) = value;
      break;
    case HP_PARAM_BOOLEAN:
      *AT_MUT (params, spec, gboolean) = value != 0;
      break;
    default:
      g_return_if_reached ();
    }
}

/**
 * hp_param_check_number:
 * @spec: a number spec
 * @value: a value for it
 *
 * Returns: whether @value is a valid value of @spec (a whole number for a
 *   whole-number spec, within its range), or %FALSE with
 *   %HP_ANALYSIS_ERROR_INVALID_PARAMETER naming the parameter and its
 *   range
 */
gboolean
hp_param_check_number (const HpParamSpec *spec,
                       double             value,
                       GError           **error)
{
  char text[G_ASCII_DTOSTR_BUF_SIZE];

  g_return_val_if_fail (spec != NULL && spec->type <= HP_PARAM_BOOLEAN, FALSE);

  if (!isnan (value) && value >= spec->minimum && value <= spec->maximum &&
      (spec->type == HP_PARAM_DOUBLE || value == floor (value)))
    return TRUE;
  g_ascii_formatd (text, sizeof text, "%g", value);
  return _hp_param_range_error (spec, text, error);
}

/* refuses an out-of-range @value of @spec with a warning: the bag never
 * holds one */
static gboolean
setter_accepts (const HpParamSpec *spec,
                double             value)
{
  g_autoptr (GError) error = NULL;

  if (hp_param_check_number (spec, value, &error))
    return TRUE;
  g_warning ("%s; the value is left unchanged", error->message);
  return FALSE;
}

/**
 * hp_analysis_params_get_int:
 * @spec: an %HP_PARAM_INT spec
 *
 * Returns: the value of @spec in @params, its default when it has none
 */
int
hp_analysis_params_get_int (const HpAnalysisParams *params,
                            const HpParamSpec      *spec)
{
  HpBagValue scratch;

  g_return_val_if_fail (params != NULL && spec != NULL && spec->type == HP_PARAM_INT, 0);
  return *AT (params, spec, int);
}

/**
 * hp_analysis_params_get_int64:
 * @spec: an %HP_PARAM_INT64 spec
 *
 * Returns: the value of @spec in @params, its default when it has none
 */
gint64
hp_analysis_params_get_int64 (const HpAnalysisParams *params,
                              const HpParamSpec      *spec)
{
  HpBagValue scratch;

  g_return_val_if_fail (params != NULL && spec != NULL && spec->type == HP_PARAM_INT64, 0);
  return *AT (params, spec, gint64);
}

/**
 * hp_analysis_params_get_double:
 * @spec: an %HP_PARAM_DOUBLE spec
 *
 * Returns: the value of @spec in @params, its default when it has none
 */
double
hp_analysis_params_get_double (const HpAnalysisParams *params,
                               const HpParamSpec      *spec)
{
  HpBagValue scratch;

  g_return_val_if_fail (params != NULL && spec != NULL && spec->type == HP_PARAM_DOUBLE, 0);
  return *AT (params, spec, double);
}

/**
 * hp_analysis_params_get_boolean:
 * @spec: an %HP_PARAM_BOOLEAN spec
 *
 * Returns: the value of @spec in @params, its default when it has none
 */
gboolean
hp_analysis_params_get_boolean (const HpAnalysisParams *params,
                                const HpParamSpec      *spec)
{
  HpBagValue scratch;

  g_return_val_if_fail (params != NULL && spec != NULL && spec->type == HP_PARAM_BOOLEAN, FALSE);
  return *AT (params, spec, gboolean);
}

/**
 * hp_analysis_params_get_list:
 * @spec: an %HP_PARAM_INT_LIST or %HP_PARAM_INT64_LIST spec
 *
 * Returns: (transfer none) (nullable): the items of @spec in @params (int
 *   or gint64), %NULL or empty for every one
 */
GArray *
hp_analysis_params_get_list (const HpAnalysisParams *params,
                             const HpParamSpec      *spec)
{
  HpBagValue scratch;

  g_return_val_if_fail (params != NULL && spec != NULL &&
                            (spec->type == HP_PARAM_INT_LIST || spec->type == HP_PARAM_INT64_LIST),
                        NULL);
  return *AT (params, spec, GArray *);
}

/**
 * hp_analysis_params_get_strv:
 * @spec: an %HP_PARAM_STRING_LIST spec
 *
 * Returns: (transfer none) (nullable): the names of @spec in @params
 */
const char *const *
hp_analysis_params_get_strv (const HpAnalysisParams *params,
                             const HpParamSpec      *spec)
{
  HpBagValue scratch;

  g_return_val_if_fail (params != NULL && spec != NULL && spec->type == HP_PARAM_STRING_LIST, NULL);
  return (const char *const *)*AT (params, spec, char **);
}

/**
 * hp_analysis_params_get_string:
 * @spec: an %HP_PARAM_STRING spec
 *
 * Returns: (transfer none) (nullable): the value of @spec in @params, %NULL
 *   for none
 */
const char *
hp_analysis_params_get_string (const HpAnalysisParams *params,
                               const HpParamSpec      *spec)
{
  HpBagValue scratch;

  g_return_val_if_fail (params != NULL && spec != NULL && spec->type == HP_PARAM_STRING, NULL);
  return *AT (params, spec, char *);
}

/**
 * hp_analysis_params_set_int:
 * @spec: an %HP_PARAM_INT spec
 *
 * Sets the value of @spec in @params. A value outside the spec's range
 * is refused with a warning that names the parameter and its range, and
 * the value is left as it was (hp_param_set_number() clamps instead;
 * hp_param_parse() refuses with a #GError).
 */
void
hp_analysis_params_set_int (HpAnalysisParams  *params,
                            const HpParamSpec *spec,
                            int                value)
{
  g_return_if_fail (params != NULL && spec != NULL && spec->type == HP_PARAM_INT);
  if (!setter_accepts (spec, value))
    return;
  *AT_MUT (params, spec, int) = value;
}

/**
 * hp_analysis_params_set_int64:
 * @spec: an %HP_PARAM_INT64 spec
 *
 * As hp_analysis_params_set_int().
 */
void
hp_analysis_params_set_int64 (HpAnalysisParams  *params,
                              const HpParamSpec *spec,
                              gint64             value)
{
  g_return_if_fail (params != NULL && spec != NULL && spec->type == HP_PARAM_INT64);
  if (!setter_accepts (spec, (double)value))
    return;
  *AT_MUT (params, spec, gint64) = value;
}

/**
 * hp_analysis_params_set_double:
 * @spec: an %HP_PARAM_DOUBLE spec
 *
 * As hp_analysis_params_set_int(); NaN is refused too.
 */
void
hp_analysis_params_set_double (HpAnalysisParams  *params,
                               const HpParamSpec *spec,
                               double             value)
{
  g_return_if_fail (params != NULL && spec != NULL && spec->type == HP_PARAM_DOUBLE);
  if (!setter_accepts (spec, value))
    return;
  *AT_MUT (params, spec, double) = value;
}

/**
 * hp_analysis_params_set_boolean:
 * @spec: an %HP_PARAM_BOOLEAN spec
 */
void
hp_analysis_params_set_boolean (HpAnalysisParams  *params,
                                const HpParamSpec *spec,
                                gboolean           value)
{
  g_return_if_fail (params != NULL && spec != NULL && spec->type == HP_PARAM_BOOLEAN);
  *AT_MUT (params, spec, gboolean) = value != FALSE;
}

/**
 * hp_analysis_params_set_list:
 * @spec: an %HP_PARAM_INT_LIST or %HP_PARAM_INT64_LIST spec
 * @items: (nullable): int or gint64 items, as @spec says; %NULL or empty
 *   for every one
 *
 * Sets the value of @spec in @params to a copy of @items. An item outside
 * the spec's range is refused as hp_analysis_params_set_int() refuses a
 * value.
 */
void
hp_analysis_params_set_list (HpAnalysisParams  *params,
                             const HpParamSpec *spec,
                             GArray            *items)
{
  GArray **field;

  g_return_if_fail (params != NULL && spec != NULL &&
                    (spec->type == HP_PARAM_INT_LIST || spec->type == HP_PARAM_INT64_LIST));
  g_return_if_fail (items == NULL ||
                    g_array_get_element_size (items) == (spec->type == HP_PARAM_INT_LIST ? sizeof (int) : sizeof (gint64)));
  for (guint i = 0; items != NULL && i < items->len; i++)
    {
      gint64 item = spec->type == HP_PARAM_INT_LIST ? g_array_index (items, int, i) : g_array_index (items, gint64, i);

      if (item < spec->minimum || item > spec->maximum)
        {
          g_warning ("%s takes items from %.0f to %.0f, not %" G_GINT64_FORMAT "; the value is left unchanged",
                     spec->name, spec->minimum, spec->maximum, item);
          return;
        }
    }
  field = AT_MUT (params, spec, GArray *);
  g_clear_pointer (field, g_array_unref);
  if (items != NULL && items->len > 0)
    *field = g_array_copy (items);
}

/**
 * hp_analysis_params_set_strv:
 * @spec: an %HP_PARAM_STRING_LIST spec
 * @names: (nullable): the names; %NULL or empty for none
 */
void
hp_analysis_params_set_strv (HpAnalysisParams  *params,
                             const HpParamSpec *spec,
                             const char *const *names)
{
  char ***field;

  g_return_if_fail (params != NULL && spec != NULL && spec->type == HP_PARAM_STRING_LIST);
  field = AT_MUT (params, spec, char **);
  g_clear_pointer (field, g_strfreev);
  if (names != NULL && names[0] != NULL)
    *field = g_strdupv ((char **)names);
}

/**
 * hp_analysis_params_set_string:
 * @spec: an %HP_PARAM_STRING spec
 * @value: (nullable): the value; %NULL or empty for none
 */
void
hp_analysis_params_set_string (HpAnalysisParams  *params,
                               const HpParamSpec *spec,
                               const char        *value)
{
  char **field;

  g_return_if_fail (params != NULL && spec != NULL && spec->type == HP_PARAM_STRING);
  field = AT_MUT (params, spec, char *);
  g_clear_pointer (field, g_free);
  if (value != NULL && value[0] != '\0')
    *field = g_strdup (value);
}
