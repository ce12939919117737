/* hp-summary-variant.c — a summary's tables as GVariants and back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-summary-private.h"

/* ---------------------------------------------------------------------- */
/* tables as GVariants                                                    */

GVariant *
_hp_summary_table_to_variant (HpTable *table)
{
  GVariantBuilder columns;
  guint           n_rows = hp_table_get_n_rows (table);

  g_variant_builder_init (&columns, G_VARIANT_TYPE ("a(smsyv)"));
  for (guint c = 0; c < hp_table_get_n_columns (table); c++)
    {
      HpColumnType type = hp_table_get_column_type (table, c);
      GVariant    *data;

      if (type == HP_COLUMN_DOUBLE)
        {
          g_autofree double *values = g_new (double, MAX (n_rows, 1));

          for (guint i = 0; i < n_rows; i++)
            values[i] = hp_table_get_double (table, i, c);
          data = g_variant_new_fixed_array (G_VARIANT_TYPE_DOUBLE, values, n_rows, sizeof (double));
        }
      else
        {
          g_autofree guint8 *nulls = g_new0 (guint8, MAX (n_rows, 1));
          gboolean           any_null = FALSE;
          GVariant          *values;

          for (guint i = 0; i < n_rows; i++)
            any_null |= (nulls[i] = hp_table_is_null (table, i, c));
          if (type == HP_COLUMN_INT)
            {
              g_autofree gint64 *ints = g_new0 (gint64, MAX (n_rows, 1));

              for (guint i = 0; i < n_rows; i++)
                if (!nulls[i])
                  ints[i] = hp_table_get_int (table, i, c);
              values = g_variant_new_fixed_array (G_VARIANT_TYPE_INT64, ints, n_rows, sizeof (gint64));
            }
          else
            {
              GVariantBuilder strings;

              g_variant_builder_init (&strings, G_VARIANT_TYPE_STRING_ARRAY);
              for (guint i = 0; i < n_rows; i++)
                g_variant_builder_add (&strings, "s", nulls[i] ? "" : hp_table_get_string (table, i, c));
              values = g_variant_builder_end (&strings);
            }
          data = g_variant_new ("(@ay@*)",
                                g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE, nulls, any_null ? n_rows : 0, 1),
                                values);
        }
      g_variant_builder_add (&columns, "(smsyv)", hp_table_get_column_name (table, c),
                             hp_table_get_column_unit (table, c), (guchar)type, data);
    }
  return g_variant_new ("(ssmsu@a(smsyv))", hp_table_get_name (table), hp_table_get_title (table),
                        hp_table_get_note (table), n_rows, g_variant_builder_end (&columns));
}

/* Returns: (transfer full) (nullable): the table, or %NULL when @v is not one */
HpTable *
_hp_summary_table_from_variant (GVariant *v)
{
  g_autoptr (HpTable) table = NULL;
  g_autoptr (GVariant) columns = NULL;
  const char *name, *title, *note;
  guint32     n_rows;
  gsize       n_columns;

  if (!g_variant_is_of_type (v, G_VARIANT_TYPE (HP_SUMMARY_TABLE_TYPE)))
    return NULL;
  g_variant_get (v, "(&s&sm&su@a(smsyv))", &name, &title, &note, &n_rows, &columns);
  table = hp_table_new (name, title);
  if (note != NULL)
    hp_table_set_note (table, note);
  n_columns = g_variant_n_children (columns);
  for (gsize c = 0; c < n_columns; c++)
    {
      g_autoptr (GVariant) data = NULL;
      const char *cname, *unit;
      guchar      type;

      g_variant_get_child (columns, c, "(&sm&sy@v)", &cname, &unit, &type, &data);
      if (type > HP_COLUMN_STRING)
        return NULL;
      hp_table_add_column (table, cname, type, unit);
    }
  if (n_rows > 0)
    hp_table_append_rows (table, n_rows);
  for (gsize c = 0; c < n_columns; c++)
    {
      g_autoptr (GVariant) boxed = NULL;
      g_autoptr (GVariant) data = NULL;
      guchar type;

      g_variant_get_child (columns, c, "(&sm&sy@v)", NULL, NULL, &type, &boxed);
      data = g_variant_get_variant (boxed);
      if (type == HP_COLUMN_DOUBLE)
        {
          gsize         n;
          const double *values;

          if (!g_variant_is_of_type (data, G_VARIANT_TYPE ("ad")))
            return NULL;
          values = g_variant_get_fixed_array (data, &n, sizeof (double));
          if (n != n_rows)
            return NULL;
          if (n > 0)
            hp_table_set_doubles (table, c, 0, values, n);
        }
      else
        {
          g_autoptr (GVariant) nulls_v = NULL;
          g_autoptr (GVariant) values = NULL;
          const guint8 *nulls;
          gsize         n_nulls;

          if (!g_variant_is_of_type (data, type == HP_COLUMN_INT ? G_VARIANT_TYPE ("(ayax)")
                                                                 : G_VARIANT_TYPE ("(ayas)")))
            return NULL;
          g_variant_get (data, "(@ay@*)", &nulls_v, &values);
          nulls = g_variant_get_fixed_array (nulls_v, &n_nulls, 1);
          if ((n_nulls != 0 && n_nulls != n_rows) || g_variant_n_children (values) != n_rows)
            return NULL;
          if (type == HP_COLUMN_INT)
            {
              gsize         n;
              const gint64 *ints = g_variant_get_fixed_array (values, &n, sizeof (gint64));

              if (n > 0)
                hp_table_set_ints (table, c, 0, ints, n);
            }
          else
            for (guint i = 0; i < n_rows; i++)
              {
                const char *s;

                g_variant_get_child (values, i, "&s", &s);
                hp_table_set_string (table, i, c, s);
              }
          for (guint i = 0; i < n_nulls; i++)
            if (nulls[i])
              hp_table_set_null (table, i, c);
        }
    }
  return g_steal_pointer (&table);
}

GVariant *
_hp_summary_tables_to_variant (GPtrArray *tables)
{
  GVariantBuilder b;

  g_variant_builder_init (&b, G_VARIANT_TYPE ("a" HP_SUMMARY_TABLE_TYPE));
  for (guint t = 0; tables != NULL && t < tables->len; t++)
    g_variant_builder_add_value (&b, _hp_summary_table_to_variant (tables->pdata[t]));
  return g_variant_builder_end (&b);
}
