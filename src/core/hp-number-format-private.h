/* hp-number-format-private.h — Python's repr() of doubles and short numbers for people.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Widest text of a double: "-1.7976931348623157e+308" or "-0.00012345678901234567" */
#define HP_FORMAT_BUF_SIZE 40

gsize _hp_format_double_repr (double value,
                              char  *buf);
void  _hp_format_double_text (double value,
                              char  *buf);

G_END_DECLS
