/* hp-job-info.c — what a job says about itself: its ranks, the ranks it lacks, its GPUs and its profiler.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "hp-job-info.h"
#include "hp-rank.h"

/* more ranks than this in a job's metadata are not believed */
#define MAX_WORLD_SIZE (1 << 20)

static int
cmp_int (gconstpointer a,
         gconstpointer b)
{
  int x = *(const int *)a;
  int y = *(const int *)b;

  return (x > y) - (x < y);
}

static JsonObject *
member_object (JsonObject *object,
               const char *name)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

static JsonArray *
member_array (JsonObject *object,
              const char *name)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

static gboolean
member_int (JsonObject *object,
            const char *name,
            gint64     *value)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) ||
      (json_node_get_value_type (node) != G_TYPE_INT64 && json_node_get_value_type (node) != G_TYPE_DOUBLE))
    return FALSE;
  *value = json_node_get_value_type (node) == G_TYPE_INT64 ? json_node_get_int (node)
                                                           : (gint64)json_node_get_double (node);
  return TRUE;
}

/* the ranks a rank's distributedInfo names: 0 .. world_size - 1 and every
 * process group's ranks */
static void
add_named_ranks (JsonObject *metadata,
                 GHashTable *named,
                 gint64     *world_size)
{
  JsonObject *info = member_object (metadata, "distributedInfo");
  JsonArray  *groups = member_array (info, "pg_config");
  gint64      size;

  if (member_int (info, "world_size", &size) && size > 0 && size <= MAX_WORLD_SIZE)
    {
      *world_size = MAX (*world_size, size);
      for (gint64 k = 0; k < size; k++)
        g_hash_table_add (named, GINT_TO_POINTER ((int)k + 1));
    }
  for (guint g = 0; groups != NULL && g < json_array_get_length (groups); g++)
    {
      JsonNode  *group = json_array_get_element (groups, g);
      JsonArray *ranks = JSON_NODE_HOLDS_OBJECT (group) ? member_array (json_node_get_object (group), "ranks") : NULL;

      for (guint k = 0; ranks != NULL && k < json_array_get_length (ranks) && k < MAX_WORLD_SIZE; k++)
        {
          JsonNode *node = json_array_get_element (ranks, k);

          if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_INT64 &&
              json_node_get_int (node) >= 0 && json_node_get_int (node) < MAX_WORLD_SIZE)
            g_hash_table_add (named, GINT_TO_POINTER ((int)json_node_get_int (node) + 1));
        }
    }
}

static void
add_devices (JsonObject *metadata,
             GPtrArray  *names)
{
  JsonArray *devices = member_array (metadata, "deviceProperties");

  for (guint d = 0; devices != NULL && d < json_array_get_length (devices); d++)
    {
      JsonNode   *device = json_array_get_element (devices, d);
      JsonObject *object = JSON_NODE_HOLDS_OBJECT (device) ? json_node_get_object (device) : NULL;
      JsonNode   *name = object != NULL ? json_object_get_member (object, "name") : NULL;
      const char *text;

      if (name == NULL || !JSON_NODE_HOLDS_VALUE (name) || json_node_get_value_type (name) != G_TYPE_STRING)
        continue;
      text = json_node_get_string (name);
      if (!g_ptr_array_find_with_equal_func (names, text, g_str_equal, NULL))
        g_ptr_array_add (names, (gpointer)text);
    }
}

static gboolean
has_legacy_categories (HpTrace *trace)
{
  static const char *const legacy[] = { "Operator", "Runtime", "Kernel", "Memcpy", "Memset" };
  guint32                  ids[G_N_ELEMENTS (legacy)];
  gboolean                 any = FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (legacy); i++)
    {
      ids[i] = hp_trace_lookup_string (trace, legacy[i]);
      any |= ids[i] != HP_NO_STRING;
    }
  if (!any)
    return FALSE;
  for (guint p = 0; p < hp_trace_get_n_ranks (trace); p++)
    {
      const HpRank *r = hp_trace_get_rank (trace, p);

      for (guint e = 0; e < r->n_events; e++)
        for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
          if (ids[i] != HP_NO_STRING && r->cat[e] == ids[i])
            return TRUE;
    }
  return FALSE;
}

/**
 * hp_job_info_new:
 * @trace: a loaded job
 *
 * Reads what the job's files say about it: the ranks it names in
 * `distributedInfo` (`world_size` and the process groups' `ranks`) and
 * those of them no file holds, the GPUs of `deviceProperties`, and the
 * profiler's format.
 *
 * Returns: (transfer full): the job's description
 */
HpJobInfo *
hp_job_info_new (HpTrace *trace)
{
  HpJobInfo *info = g_new0 (HpJobInfo, 1);
  g_autoptr (GHashTable) named = g_hash_table_new (NULL, NULL);
  g_autoptr (GHashTable) loaded = g_hash_table_new (NULL, NULL);
  g_autoptr (GPtrArray) devices = g_ptr_array_new ();
  g_autoptr (GPtrArray) types = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer       key;
  gint64         schema = -1;

  info->n_ranks = hp_trace_get_n_ranks (trace);
  info->ranks = g_array_new (FALSE, FALSE, sizeof (int));
  info->missing = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint p = 0; p < info->n_ranks; p++)
    {
      const HpRank *r = hp_trace_get_rank (trace, p);
      JsonObject   *metadata = r->metadata != NULL && JSON_NODE_HOLDS_OBJECT (r->metadata)
                                   ? json_node_get_object (r->metadata)
                                   : NULL;
      gint64        version;

      g_array_append_val (info->ranks, r->rank);
      g_hash_table_add (loaded, GINT_TO_POINTER (r->rank + 1));
      add_named_ranks (metadata, named, &info->world_size);
      add_devices (metadata, devices);
      if (member_int (metadata, "schemaVersion", &version))
        schema = MAX (schema, version);
      if (r->device_type != NULL &&
          !g_ptr_array_find_with_equal_func (types, r->device_type, g_str_equal, NULL))
        g_ptr_array_add (types, r->device_type);
    }
  g_array_sort (info->ranks, cmp_int);

  g_hash_table_iter_init (&iter, named);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!g_hash_table_contains (loaded, key))
      {
        int rank = GPOINTER_TO_INT (key) - 1;

        g_array_append_val (info->missing, rank);
      }
  g_array_sort (info->missing, cmp_int);

  g_ptr_array_add (devices->len > 0 ? devices : types, NULL);
  info->devices = g_strjoinv (", ", (char **)(devices->len > 0 ? devices->pdata : types->pdata));
  info->legacy_categories = has_legacy_categories (trace);
  if (schema >= 0)
    info->profiler = g_strdup_printf ("schemaVersion %" G_GINT64_FORMAT ", %s categories", schema,
                                      info->legacy_categories ? "legacy (Operator, Runtime, Kernel)" : "current");
  else
    info->profiler = g_strdup_printf ("no schemaVersion, %s categories",
                                      info->legacy_categories ? "legacy (Operator, Runtime, Kernel)" : "current");
  return info;
}

void
hp_job_info_free (HpJobInfo *info)
{
  if (info == NULL)
    return;
  g_array_unref (info->ranks);
  g_array_unref (info->missing);
  g_free (info->devices);
  g_free (info->profiler);
  g_free (info);
}

/**
 * hp_ranks_to_text:
 * @ranks: (array length=n_ranks): ascending rank numbers
 *
 * Returns: (transfer full): the ranks as ranges, "0–2, 5" ("" for none)
 */
char *
hp_ranks_to_text (const int *ranks,
                  guint      n_ranks)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < n_ranks;)
    {
      guint j = i;

      while (j + 1 < n_ranks && ranks[j + 1] == ranks[j] + 1)
        j++;
      if (s->len > 0)
        g_string_append (s, ", ");
      if (j == i)
        g_string_append_printf (s, "%d", ranks[i]);
      else
        g_string_append_printf (s, "%d%s%d", ranks[i], j == i + 1 ? ", " : "–", ranks[j]);
      i = j + 1;
    }
  return g_string_free (s, FALSE);
}

/**
 * hp_job_info_describe_ranks:
 *
 * Returns: (transfer full): "8 ranks", or "7 ranks of 8 (rank 3 missing)"
 */
char *
hp_job_info_describe_ranks (const HpJobInfo *info)
{
  g_autofree char *missing = NULL;

  if (info->missing->len == 0)
    return g_strdup_printf ("%u rank%s", info->n_ranks, info->n_ranks == 1 ? "" : "s");
  missing = hp_ranks_to_text ((const int *)(void *)info->missing->data, info->missing->len);
  return g_strdup_printf ("%u rank%s of %u (rank%s %s missing)", info->n_ranks, info->n_ranks == 1 ? "" : "s",
                          info->n_ranks + info->missing->len, info->missing->len == 1 ? "" : "s", missing);
}
