/* hp-output-file.c — writing a file without ever replacing anything but a
 * regular file.
 *
 * Every file hotpath writes (tables, charts, rewritten traces, the app's
 * exports and its state) goes through here. The target is checked before
 * the temporary file is made and again just before the rename: a device
 * node, a FIFO, a socket or a directory at the target is refused, never
 * replaced. A symbolic link is followed when it ends at a regular file,
 * which is replaced and the link kept; a link to anything else, or to
 * nothing, is refused.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-output-file.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct _HpOutputFile
{
  char              *path;   /* as given, for messages */
  char              *target; /* the regular file the link (if any) ends at */
  GFile             *temp;
  GFileOutputStream *out;
  gboolean           committed;
};

static const char *
kind_of (mode_t mode)
{
  if (S_ISDIR (mode))
    return "a directory";
  if (S_ISFIFO (mode))
    return "a FIFO";
  if (S_ISSOCK (mode))
    return "a socket";
  if (S_ISCHR (mode) || S_ISBLK (mode))
    return "a device";
  if (S_ISLNK (mode))
    return "a symbolic link";
  return "not a regular file";
}

static void
set_errno_error (GError    **error,
                 int         saved_errno,
                 const char *path)
{
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno), "%s: %s", path,
               g_strerror (saved_errno));
}

static void
set_special_error (GError    **error,
                   const char *path,
                   const char *what)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
               "%s: is %s, not a regular file; refusing to replace it", path, what);
}

/**
 * hp_output_file_resolve:
 * @path: where an output is to be written
 *
 * The file that writing @path replaces: @path itself when nothing is there
 * yet or a regular file is, the file a symbolic link ends at when that is a
 * regular file. Anything else (a device node, a FIFO, a socket, a directory,
 * a link to one or a link to nothing) is an error naming @path.
 *
 * Returns: (transfer full) (nullable): the path to replace
 */
char *
hp_output_file_resolve (const char *path,
                        GError    **error)
{
  GStatBuf st;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (*path == '\0')
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME, "the output file name is empty");
      return NULL;
    }
  if (g_lstat (path, &st) != 0)
    {
      int saved_errno = errno;

      /* nothing there yet: making the file says what else is wrong */
      if (saved_errno == ENOENT)
        return g_strdup (path);
      set_errno_error (error, saved_errno, path);
      return NULL;
    }
  if (S_ISREG (st.st_mode))
    return g_strdup (path);
  if (S_ISLNK (st.st_mode))
    {
      char *real;

      if (g_stat (path, &st) != 0)
        {
          int saved_errno = errno;

          if (saved_errno == ENOENT)
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                         "%s: is a symbolic link to nothing, not a regular file; refusing to write through it", path);
          else
            set_errno_error (error, saved_errno, path);
          return NULL;
        }
      if (!S_ISREG (st.st_mode))
        {
          g_autofree char *what = g_strdup_printf ("a symbolic link to %s", kind_of (st.st_mode));

          set_special_error (error, path, what);
          return NULL;
        }
      real = realpath (path, NULL);
      if (real == NULL)
        {
          set_errno_error (error, errno, path);
          return NULL;
        }
      return real;
    }
  set_special_error (error, path, kind_of (st.st_mode));
  return NULL;
}

/* a new file next to @target, created exclusively */
static GFileOutputStream *
create_temp (const char   *target,
             GFile       **temp,
             GCancellable *cancellable,
             GError      **error)
{
  g_autofree char *dir = g_path_get_dirname (target);
  g_autofree char *base = g_path_get_basename (target);

  /* the name stays within NAME_MAX however long the target's is */
  if (strlen (base) > 200)
    base[200] = '\0';
  for (guint attempt = 0;; attempt++)
    {
      g_autofree char *name =
          g_strdup_printf ("%s/.%s.%06x.tmp", dir, base, g_random_int () & 0xffffff);
      g_autoptr (GFile) file = g_file_new_for_path (name);
      g_autoptr (GError) local_error = NULL;
      GFileOutputStream *out = g_file_create (file, G_FILE_CREATE_NONE, cancellable, &local_error);

      if (out != NULL)
        {
          *temp = g_steal_pointer (&file);
          return out;
        }
      if (attempt >= 100 || !g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
    }
}

/**
 * hp_output_file_open:
 * @path: where the output goes
 *
 * Starts writing @path: checks it with hp_output_file_resolve() and makes a
 * temporary file next to the file it replaces.
 *
 * Returns: (transfer full) (nullable): the file being written, or %NULL
 *   with @error naming @path
 */
HpOutputFile *
hp_output_file_open (const char   *path,
                     GCancellable *cancellable,
                     GError      **error)
{
  g_autoptr (HpOutputFile) self = NULL;
  g_autoptr (GError) local_error = NULL;
  char *target;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  target = hp_output_file_resolve (path, error);
  if (target == NULL)
    return NULL;
  self = g_new0 (HpOutputFile, 1);
  self->path = g_strdup (path);
  self->target = target;
  self->out = create_temp (target, &self->temp, cancellable, &local_error);
  if (self->out == NULL)
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local_error), "%s: ", path);
      return NULL;
    }
  return g_steal_pointer (&self);
}

/**
 * hp_output_file_get_stream:
 *
 * Returns: (transfer none): where to write the contents
 */
GOutputStream *
hp_output_file_get_stream (HpOutputFile *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return G_OUTPUT_STREAM (self->out);
}

/**
 * hp_output_file_get_target:
 *
 * Returns: the file the commit replaces (the end of a symbolic link)
 */
const char *
hp_output_file_get_target (HpOutputFile *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->target;
}

/**
 * hp_output_file_commit:
 *
 * Closes the temporary file and renames it over the target, after checking
 * again that the target is still nothing or a regular file. A replaced
 * file's permissions are kept.
 *
 * Returns: %FALSE with @error naming the path; the temporary file is then
 *   deleted by hp_output_file_free()
 */
gboolean
hp_output_file_commit (HpOutputFile *self,
                       GCancellable *cancellable,
                       GError      **error)
{
  g_autoptr (GError) local_error = NULL;
  g_autofree char *temp_path = NULL;
  GStatBuf         st;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (!self->committed, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!g_output_stream_close (G_OUTPUT_STREAM (self->out), cancellable, &local_error))
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local_error), "%s: ", self->path);
      return FALSE;
    }
  temp_path = g_file_get_path (self->temp);
  if (g_lstat (self->target, &st) == 0)
    {
      /* something took the target's place while the contents were written */
      if (!S_ISREG (st.st_mode))
        {
          set_special_error (error, self->path, kind_of (st.st_mode));
          return FALSE;
        }
      g_chmod (temp_path, st.st_mode & 07777);
    }
  if (g_rename (temp_path, self->target) != 0)
    {
      set_errno_error (error, errno, self->path);
      return FALSE;
    }
  self->committed = TRUE;
  return TRUE;
}

void
hp_output_file_free (HpOutputFile *self)
{
  if (self == NULL)
    return;
  if (!self->committed && self->temp != NULL)
    {
      if (self->out != NULL)
        g_output_stream_close (G_OUTPUT_STREAM (self->out), NULL, NULL);
      g_file_delete (self->temp, NULL, NULL);
    }
  g_clear_object (&self->out);
  g_clear_object (&self->temp);
  g_free (self->target);
  g_free (self->path);
  g_free (self);
}

/**
 * hp_output_file_write:
 * @path: where to write
 * @data: (array length=size): the contents
 *
 * Writes @data to @path in one go, through an #HpOutputFile.
 *
 * Returns: %FALSE with @error naming @path
 */
gboolean
hp_output_file_write (const char *path,
                      const void *data,
                      gsize       size,
                      GError    **error)
{
  g_autoptr (HpOutputFile) file = NULL;
  g_autoptr (GError) local_error = NULL;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (data != NULL || size == 0, FALSE);

  file = hp_output_file_open (path, NULL, error);
  if (file == NULL)
    return FALSE;
  if (size > 0 &&
      !g_output_stream_write_all (hp_output_file_get_stream (file), data, size, NULL, NULL,
                                  &local_error))
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local_error), "%s: ", path);
      return FALSE;
    }
  return hp_output_file_commit (file, NULL, error);
}

static gboolean stdout_closed;

/**
 * hp_output_close_stdout:
 * @prgname: the program's name, for the message
 *
 * Flushes and closes standard output, once: what a program printed must
 * have reached its reader (a full disk, `> /dev/full` and a closed pipe are
 * failures, whatever was computed). Says why on stderr when it did not.
 * Later calls return %TRUE.
 *
 * Returns: whether everything written to stdout was written
 */
gboolean
hp_output_close_stdout (const char *prgname)
{
  int saved_errno = 0;

  if (stdout_closed)
    return TRUE;
  stdout_closed = TRUE;
  errno = 0;
  if (fflush (stdout) != 0 || ferror (stdout))
    saved_errno = errno != 0 ? errno : EIO;
  if (fclose (stdout) != 0 && saved_errno == 0)
    saved_errno = errno != 0 ? errno : EIO;
  if (saved_errno == 0)
    return TRUE;
  fprintf (stderr, "%s: cannot write standard output: %s\n", prgname, g_strerror (saved_errno));
  return FALSE;
}
