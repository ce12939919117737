/* hp-load-issue.h — one problem found while loading a trace folder.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include <gio/gio.h>

G_BEGIN_DECLS

typedef enum
{
  HP_LOAD_ISSUE_ERROR,   /* the file was not loaded */
  HP_LOAD_ISSUE_WARNING, /* loaded, but something was fixed or guessed */
  HP_LOAD_ISSUE_INFO,
} HpLoadIssueSeverity;

#define HP_TYPE_LOAD_ISSUE (hp_load_issue_get_type ())

G_DECLARE_FINAL_TYPE (HpLoadIssue, hp_load_issue, HP, LOAD_ISSUE, GObject)

HpLoadIssue        *hp_load_issue_new (const char         *file,
                                       HpLoadIssueSeverity severity,
                                       int                 code,
                                       const char         *message);
const char         *hp_load_issue_get_file (HpLoadIssue *self);
HpLoadIssueSeverity hp_load_issue_get_severity (HpLoadIssue *self);
int                 hp_load_issue_get_code (HpLoadIssue *self);
const char         *hp_load_issue_get_message (HpLoadIssue *self);

G_END_DECLS
