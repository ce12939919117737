/* hp-loader-files.c — finds the trace files of a job: folders expanded, odd files skipped.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-loader-private.h"
#include "hp-memory-timeline.h"

/**
 * hp_rank_from_file_name:
 * @basename: a file name such as "rank-3.json.gz" or "worker_12.pt.trace.json"
 *
 * The rank a file name announces: `rank-3`, `rank_3`, `rank3`, `_rank3`,
 * `worker3`, `worker-3` (case-insensitive, the last match wins).
 *
 * Returns: the rank, or -1
 */
int
hp_rank_from_file_name (const char *basename)
{
  static const char *const words[] = { "rank", "worker" };
  g_autofree char         *lower = NULL;
  int                      found = -1;

  g_return_val_if_fail (basename != NULL, -1);

  lower = g_ascii_strdown (basename, -1);
  for (guint w = 0; w < G_N_ELEMENTS (words); w++)
    {
      gsize wl = strlen (words[w]);

      for (const char *p = strstr (lower, words[w]); p != NULL; p = strstr (p + 1, words[w]))
        {
          const char *q = p + wl;
          gint64      v = 0;
          int         digits = 0;

          /* "rank" must not be the tail of a longer word ("frank3") */
          if (p != lower && g_ascii_isalpha (p[-1]))
            continue;
          if (*q == '-' || *q == '_' || *q == '.')
            q++;
          for (; g_ascii_isdigit (*q) && digits < 9; q++, digits++)
            v = v * 10 + (*q - '0');
          if (digits == 0 || g_ascii_isdigit (*q))
            continue;
          found = (int)v;
        }
    }
  return found;
}

static gboolean
is_trace_name (const char *name)
{
  /* a raw memory-timeline export is no trace: its analysis reads it */
  if (hp_memory_timeline_is_export (name))
    return FALSE;
  return g_str_has_suffix (name, ".json") || g_str_has_suffix (name, ".gz");
}

static int
cmp_path (gconstpointer a,
          gconstpointer b)
{
  return strcmp (*(char *const *)a, *(char *const *)b);
}

/* Expands folders (non-recursive) into their trace files, sorted by name. */
gboolean
_hp_loader_collect_files (const char *const *paths,
                          GPtrArray         *files,
                          GPtrArray         *ignored,
                          GListStore        *issues,
                          GCancellable      *cancellable,
                          GError           **error)
{
  guint n_paths = g_strv_length ((char **)paths);

  for (guint k = 0; k < n_paths; k++)
    {
      const char *path = paths[k];
      g_autoptr (GError) local_error = NULL;
      g_autoptr (GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
      GDir *dir;

      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        {
          if (n_paths == 1)
            {
              g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_FOUND, "%s: no such file or folder",
                           path);
              return FALSE;
            }
          _hp_load_issue_add (issues, path, HP_LOAD_ISSUE_ERROR, HP_LOAD_ERROR_NOT_FOUND,
                              "%s: no such file or folder", path);
          continue;
        }
      if (!g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          GStatBuf    st;
          const char *kind = g_stat (path, &st) == 0 ? _hp_file_kind_if_special (&st) : NULL;

          if (kind != NULL)
            {
              if (n_paths == 1)
                {
                  g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_UNREADABLE,
                               "%s: not a regular file (a %s); it was not opened", path, kind);
                  return FALSE;
                }
              _hp_load_issue_add (issues, path, HP_LOAD_ISSUE_WARNING, HP_LOAD_ERROR_UNREADABLE,
                                  "%s: not a regular file (a %s); skipped without opening it", path, kind);
              continue;
            }
          g_ptr_array_add (files, g_strdup (path));
          continue;
        }

      dir = g_dir_open (path, 0, &local_error);
      if (dir == NULL)
        {
          if (n_paths == 1)
            {
              g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_UNREADABLE,
                           "%s: the folder cannot be read: %s", path, local_error->message);
              return FALSE;
            }
          _hp_load_issue_add (issues, path, HP_LOAD_ISSUE_ERROR, HP_LOAD_ERROR_UNREADABLE,
                              "%s: the folder cannot be read: %s", path, local_error->message);
          continue;
        }
      for (const char *name = g_dir_read_name (dir); name != NULL; name = g_dir_read_name (dir))
        {
          g_autofree char *full = g_build_filename (path, name, NULL);
          GStatBuf         st;
          const char      *kind;

          if (name[0] == '.')
            continue;
          if (g_file_test (full, G_FILE_TEST_IS_DIR) || !is_trace_name (name))
            {
              g_ptr_array_add (ignored, g_steal_pointer (&full));
              continue;
            }
          kind = g_stat (full, &st) == 0 ? _hp_file_kind_if_special (&st) : NULL;
          if (kind != NULL)
            {
              _hp_load_issue_add (issues, full, HP_LOAD_ISSUE_WARNING, HP_LOAD_ERROR_UNREADABLE,
                                  "%s: not a regular file (a %s); skipped without opening it", full, kind);
              continue;
            }
          g_ptr_array_add (found, g_steal_pointer (&full));
        }
      g_dir_close (dir);
      g_ptr_array_sort (found, cmp_path);
      for (guint i = 0; i < found->len; i++)
        g_ptr_array_add (files, g_strdup (found->pdata[i]));
    }
  g_ptr_array_sort (ignored, cmp_path);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  if (files->len == 0)
    {
      if (issues != NULL && g_list_model_get_n_items (G_LIST_MODEL (issues)) > 0)
        {
          g_autoptr (HpLoadIssue) first = g_list_model_get_item (G_LIST_MODEL (issues), 0);

          g_set_error (error, HP_LOAD_ERROR, hp_load_issue_get_code (first), "%s",
                       hp_load_issue_get_message (first));
        }
      else
        g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_EMPTY,
                     "%s: no trace files (*.json, *.json.gz) found", n_paths > 0 ? paths[0] : "");
      return FALSE;
    }
  return TRUE;
}
