/* hp-comm-patterns.c — the user's communication patterns, read from a file (docs/communication.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "hp-comm-patterns.h"

/* a user file holds at most this many patterns, each at most this long */
#define MAX_USER_PATTERNS 4096
#define MAX_PATTERN_BYTES 1024

struct _HpCommPatterns
{
  gatomicrefcount ref_count;
  char           *origin;
  GPtrArray      *include; /* GPatternSpec */
  GPtrArray      *exclude; /* GPatternSpec */
};

G_DEFINE_BOXED_TYPE (HpCommPatterns, hp_comm_patterns, hp_comm_patterns_ref, hp_comm_patterns_unref)

/**
 * hp_comm_patterns_new_from_data:
 * @text: the file's text
 * @len: its length, or -1 when NUL-terminated
 * @origin: what to call it in messages (the path)
 * @error: return location for a #GError
 *
 * Reads a pattern file (docs/communication.md): one pattern a line, a glob
 * on the full kernel name (`*` any text, `?` one character) or, without
 * either, a text the name contains; `!` before a pattern excludes the
 * kernels it matches from the pattern rules; blank lines and lines
 * starting with `#` are ignored.
 *
 * Returns: (transfer full): the patterns, or %NULL with @error set in
 *   %G_IO_ERROR (%G_IO_ERROR_INVALID_DATA: not UTF-8, a NUL, an empty
 *   `!`, a pattern too long, too many patterns, or no pattern at all)
 */
HpCommPatterns *
hp_comm_patterns_new_from_data (const char *text,
                                gssize      len,
                                const char *origin,
                                GError    **error)
{
  g_autoptr (HpCommPatterns) self = NULL;
  g_auto (GStrv) lines = NULL;
  g_autofree char *copy = NULL;
  gsize            n;

  g_return_val_if_fail (text != NULL || len == 0, NULL);

  n = len < 0 ? strlen (text) : (gsize)len;
  if (memchr (text, '\0', n) != NULL || !g_utf8_validate_len (text, n, NULL))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s: not a text file in UTF-8",
                   origin != NULL ? origin : "patterns");
      return NULL;
    }
  self = g_new0 (HpCommPatterns, 1);
  g_atomic_ref_count_init (&self->ref_count);
  self->origin = g_strdup (origin != NULL ? origin : "patterns");
  self->include = g_ptr_array_new_with_free_func ((GDestroyNotify)g_pattern_spec_free);
  self->exclude = g_ptr_array_new_with_free_func ((GDestroyNotify)g_pattern_spec_free);

  copy = g_strndup (text, n);
  lines = g_strsplit (copy, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char            *line = g_strstrip (lines[i]);
      gboolean         exclude = line[0] == '!';
      g_autofree char *glob = NULL;

      if (line[0] == '\0' || line[0] == '#')
        continue;
      if (exclude)
        line = g_strchug (line + 1);
      if (line[0] == '\0')
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s:%u: \"!\" without a pattern",
                       self->origin, i + 1);
          return NULL;
        }
      if (strlen (line) > MAX_PATTERN_BYTES)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       "%s:%u: a pattern longer than %d bytes", self->origin, i + 1, MAX_PATTERN_BYTES);
          return NULL;
        }
      if (self->include->len + self->exclude->len >= MAX_USER_PATTERNS)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s: more than %d patterns",
                       self->origin, MAX_USER_PATTERNS);
          return NULL;
        }
      /* a plain text is a part of the name */
      glob = strpbrk (line, "*?") != NULL ? g_strdup (line) : g_strconcat ("*", line, "*", NULL);
      g_ptr_array_add (exclude ? self->exclude : self->include, g_pattern_spec_new (glob));
    }
  if (self->include->len + self->exclude->len == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s: no pattern", self->origin);
      return NULL;
    }
  return g_steal_pointer (&self);
}

/**
 * hp_comm_patterns_new_from_file:
 * @path: a pattern file
 * @error: return location for a #GError
 *
 * hp_comm_patterns_new_from_data() on the file's contents; a file larger
 * than 4 MiB is refused.
 *
 * Returns: (transfer full): the patterns, or %NULL with @error set
 */
HpCommPatterns *
hp_comm_patterns_new_from_file (const char *path,
                                GError    **error)
{
  g_autofree char *text = NULL;
  gsize            len = 0;
  GStatBuf         st;

  g_return_val_if_fail (path != NULL, NULL);

  if (g_stat (path, &st) == 0 && st.st_size > 4 * 1024 * 1024)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s: larger than 4 MiB", path);
      return NULL;
    }
  if (!g_file_get_contents (path, &text, &len, error))
    return NULL;
  return hp_comm_patterns_new_from_data (text, (gssize)len, path, error);
}

HpCommPatterns *
hp_comm_patterns_ref (HpCommPatterns *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
hp_comm_patterns_unref (HpCommPatterns *self)
{
  if (self == NULL || !g_atomic_ref_count_dec (&self->ref_count))
    return;
  g_free (self->origin);
  g_ptr_array_unref (self->include);
  g_ptr_array_unref (self->exclude);
  g_free (self);
}

const char *
hp_comm_patterns_get_origin (const HpCommPatterns *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->origin;
}

guint
hp_comm_patterns_get_n_patterns (const HpCommPatterns *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->include->len + self->exclude->len;
}

static gboolean
match_any (GPtrArray  *specs,
           const char *name,
           gsize       len)
{
  for (guint i = 0; i < specs->len; i++)
    if (g_pattern_spec_match (specs->pdata[i], len, name, NULL))
      return TRUE;
  return FALSE;
}

/**
 * hp_comm_patterns_match:
 * @self: the user's patterns
 * @name: a kernel's full name
 * @len: its length in bytes
 *
 * Returns: -1 when an exclusion matches @name, 1 when a pattern does (and
 *   no exclusion), 0 otherwise
 */
int
hp_comm_patterns_match (const HpCommPatterns *self,
                        const char           *name,
                        gsize                 len)
{
  g_return_val_if_fail (self != NULL && name != NULL, 0);

  if (match_any (self->exclude, name, len))
    return -1;
  return match_any (self->include, name, len) ? 1 : 0;
}
