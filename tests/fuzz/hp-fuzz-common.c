/* hp-fuzz-common.c — what the fuzz targets share: a scratch folder, files, every analysis.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "hp-fuzz-common.h"

static char *scratch_dir;

static void
remove_scratch (void)
{
  if (scratch_dir == NULL)
    return;
  hp_fuzz_clear_dir ();
  g_rmdir (scratch_dir);
  g_clear_pointer (&scratch_dir, g_free);
}

/* Once per process: a private folder, and GIO without modules or settings
 * from the host, so that every run sees the same code. */
void
hp_fuzz_init (void)
{
  g_autoptr (GError) error = NULL;

  if (scratch_dir != NULL)
    return;
  g_setenv ("GIO_USE_VFS", "local", TRUE);
  g_setenv ("GIO_MODULE_DIR", "/nonexistent", TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  scratch_dir = g_dir_make_tmp ("hotpath-fuzz-XXXXXX", &error);
  if (scratch_dir == NULL)
    g_error ("cannot make a scratch folder: %s", error->message);
  atexit (remove_scratch);
}

const char *
hp_fuzz_dir (void)
{
  return scratch_dir;
}

/* Writes @data as @name in the scratch folder; returns its path. */
char *
hp_fuzz_write (const char   *name,
               const guint8 *data,
               gsize         size)
{
  g_autoptr (GError) error = NULL;
  char *path = g_build_filename (scratch_dir, name, NULL);

  if (!g_file_set_contents (path, (const char *)data, (gssize)size, &error))
    g_error ("cannot write %s: %s", path, error->message);
  return path;
}

void
hp_fuzz_clear_dir (void)
{
  g_autoptr (GDir) dir = g_dir_open (scratch_dir, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (scratch_dir, name, NULL);

      g_unlink (path);
    }
}

/* Loads with one thread (libFuzzer measures one), checking the contract: a
 * trace, or an error in HP_LOAD_ERROR that names what went wrong. */
HpTrace *
hp_fuzz_load (const char *path,
              HpMode      mode)
{
  g_autoptr (GError) error = NULL;
  HpLoadOptions options = { 0 };
  HpTrace      *trace;

  options.mode = mode;
  options.n_threads = 1;
  trace = hp_load_path (path, &options, NULL, &error);
  if (trace == NULL)
    {
      if (error == NULL || error->domain != HP_LOAD_ERROR || error->message[0] == '\0')
        g_error ("load failed without a load error");
      return NULL;
    }
  if (hp_trace_get_n_ranks (trace) == 0)
    g_error ("a trace without ranks");
  return trace;
}

/* Every analysis over every rank; an analysis may refuse the trace, but
 * only with an error. */
void
hp_fuzz_run_analyses (HpTrace *trace)
{
  HpAnalysisParams         params;
  guint                    n = 0;
  const HpAnalysis *const *list = hp_analysis_list (&n);

  hp_analysis_params_init (&params);
  for (guint a = 0; a < n; a++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) tables = hp_analysis_run (list[a], trace, &params, NULL, &error);

      if (tables == NULL && error == NULL)
        g_error ("%s failed without an error", list[a]->name);
      for (guint t = 0; tables != NULL && t < tables->len; t++)
        {
          g_autofree char *csv = hp_table_to_csv (tables->pdata[t]);

          if (csv == NULL)
            g_error ("%s: a table without CSV", list[a]->name);
        }
    }
  hp_analysis_params_clear (&params);
}

/* Loads @path in both modes, running every analysis when @analyses. */
void
hp_fuzz_load_both_modes (const char *path,
                         gboolean    analyses)
{
  for (int mode = 0; mode < 2; mode++)
    {
      g_autoptr (HpTrace) trace = hp_fuzz_load (path, mode == 0 ? HP_MODE_DEFAULT : HP_MODE_HTA_COMPAT);

      if (trace != NULL && analyses)
        hp_fuzz_run_analyses (trace);
    }
}

/* where HP_FUZZ_SPLIT first stands in @data, or NULL (memmem() is a GNU
 * extension) */
const guint8 *
hp_fuzz_find_split (const guint8 *data,
                    gsize         size)
{
  gsize len = strlen (HP_FUZZ_SPLIT);

  for (gsize i = 0; i + len <= size; i++)
    if (data[i] == '\n' && memcmp (data + i, HP_FUZZ_SPLIT, len) == 0)
      return data + i;
  return NULL;
}
