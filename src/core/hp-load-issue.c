/* hp-load-issue.c — one problem found while loading a trace folder.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-core-private.h"
#include "hp-load-issue.h"

struct _HpLoadIssue
{
  GObject parent_instance;

  char               *file;
  char               *message;
  HpLoadIssueSeverity severity;
  int                 code;
};

G_DEFINE_FINAL_TYPE (HpLoadIssue, hp_load_issue, G_TYPE_OBJECT)

static void
hp_load_issue_finalize (GObject *object)
{
  HpLoadIssue *self = HP_LOAD_ISSUE (object);

  g_free (self->file);
  g_free (self->message);

  G_OBJECT_CLASS (hp_load_issue_parent_class)->finalize (object);
}

static void
hp_load_issue_class_init (HpLoadIssueClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hp_load_issue_finalize;
}

static void
hp_load_issue_init (HpLoadIssue *self)
{
}

/**
 * hp_load_issue_new:
 * @file: (nullable): the file's base name, or %NULL for the whole job
 * @code: an #HpLoadError code, or -1 for warnings without one
 * @message: a sentence that names the file and the reason
 *
 * Returns: (transfer full): a new issue
 */
HpLoadIssue *
hp_load_issue_new (const char         *file,
                   HpLoadIssueSeverity severity,
                   int                 code,
                   const char         *message)
{
  HpLoadIssue *self = g_object_new (HP_TYPE_LOAD_ISSUE, NULL);

  self->file = g_strdup (file);
  self->severity = severity;
  self->code = code;
  self->message = g_strdup (message);
  return self;
}

/**
 * _hp_load_issue_add:
 * @issues: (element-type HpLoadIssue): the list to append to
 * @format: printf() format of the message
 *
 * Appends a new issue: how every phase of a load reports what it found.
 */
void
_hp_load_issue_add (GListStore         *issues,
                    const char         *file,
                    HpLoadIssueSeverity severity,
                    int                 code,
                    const char         *format,
                    ...)
{
  g_autoptr (HpLoadIssue) issue = NULL;
  g_autofree char *message = NULL;
  va_list          args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  issue = hp_load_issue_new (file, severity, code, message);
  g_list_store_append (issues, issue);
}

const char *
hp_load_issue_get_file (HpLoadIssue *self)
{
  g_return_val_if_fail (HP_IS_LOAD_ISSUE (self), NULL);
  return self->file;
}

HpLoadIssueSeverity
hp_load_issue_get_severity (HpLoadIssue *self)
{
  g_return_val_if_fail (HP_IS_LOAD_ISSUE (self), HP_LOAD_ISSUE_ERROR);
  return self->severity;
}

int
hp_load_issue_get_code (HpLoadIssue *self)
{
  g_return_val_if_fail (HP_IS_LOAD_ISSUE (self), -1);
  return self->code;
}

const char *
hp_load_issue_get_message (HpLoadIssue *self)
{
  g_return_val_if_fail (HP_IS_LOAD_ISSUE (self), NULL);
  return self->message;
}
