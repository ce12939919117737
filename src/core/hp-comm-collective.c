/* hp-comm-collective.c — what one communication kernel moves: its collective, message, group, bandwidth (docs/communication.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "hp-comm-classify.h"
#include "hp-comm-collective.h"

/* the depth of the launching thread's ops searched for record_param_comms */
#define MAX_LAUNCH_DEPTH 64

void
hp_comm_info_clear (HpCommInfo *info)
{
  g_clear_pointer (&info->collective, g_free);
  g_clear_pointer (&info->group, g_free);
  g_clear_pointer (&info->group_ranks, g_free);
  g_clear_pointer (&info->comm_id, g_free);
}

/**
 * hp_comm_source_to_string:
 *
 * Returns: "kernel", "launch", "name" or ""
 */
const char *
hp_comm_source_to_string (HpCommSource source)
{
  switch (source)
    {
    case HP_COMM_SOURCE_KERNEL:
      return "kernel";
    case HP_COMM_SOURCE_LAUNCH:
      return "launch";
    case HP_COMM_SOURCE_NAME:
      return "name";
    case HP_COMM_SOURCE_NONE:
    default:
      return "";
    }
}

/**
 * hp_comm_normalize_collective:
 * @raw: a collective's name as PyTorch or a kernel name writes it
 *   ("_allgather_base", "all_reduce", "AllReduce", "c10d::allreduce_")
 *
 * Returns: (nullable): the collective's one name ("allgather"…), or %NULL
 *   when @raw names none
 */
const char *
hp_comm_normalize_collective (const char *raw)
{
  /* longest first: "reduce_scatter" before "reduce" */
  static const struct
  {
    const char *needle; /* lower case, no '_' */
    const char *name;
  } map[] = {
    { "reducescatter", "reduce_scatter" },
    { "allreduce", "allreduce" },
    { "allgather", "allgather" },
    { "alltoall", "alltoall" },
    { "broadcast", "broadcast" },
    { "sendrecv", "sendrecv" },
    { "barrier", "barrier" },
    { "reduce", "reduce" },
    { "gather", "gather" },
    { "scatter", "scatter" },
    { "send", "send" },
    { "recv", "recv" },
    { "bcast", "broadcast" },
  };
  char  folded[128];
  gsize n = 0;

  if (raw == NULL)
    return NULL;
  for (const char *p = raw; *p != '\0' && n + 1 < sizeof folded; p++)
    if (*p != '_' && *p != ' ' && *p != '-')
      folded[n++] = g_ascii_tolower (*p);
  folded[n] = '\0';
  for (guint i = 0; i < G_N_ELEMENTS (map); i++)
    if (strstr (folded, map[i].needle) != NULL)
      return map[i].name;
  return NULL;
}

/**
 * hp_comm_dtype_size:
 * @dtype: a `dtype` arg ("Float", "BFloat16", "c10::Half", "float32"…)
 *
 * Returns: its size in bytes, or 0 when unknown
 */
int
hp_comm_dtype_size (const char *dtype)
{
  static const struct
  {
    const char *name;
    int         size;
  } map[] = {
    { "float8", 1 },
    { "float4", 1 },
    { "float64", 8 },
    { "double", 8 },
    { "complexfloat", 8 },
    { "complexdouble", 16 },
    { "int64", 8 },
    { "long", 8 },
    { "uint64", 8 },
    { "bfloat16", 2 },
    { "float16", 2 },
    { "half", 2 },
    { "int16", 2 },
    { "short", 2 },
    { "uint16", 2 },
    { "float32", 4 },
    { "float", 4 },
    { "int32", 4 },
    { "uint32", 4 },
    { "int8", 1 },
    { "int", 4 },
    { "uint8", 1 },
    { "char", 1 },
    { "byte", 1 },
    { "bool", 1 },
  };
  g_autofree char *lower = NULL;
  const char      *p;

  if (dtype == NULL || dtype[0] == '\0')
    return 0;
  lower = g_ascii_strdown (dtype, -1);
  p = strrchr (lower, ':');
  p = p != NULL ? p + 1 : lower;
  if (g_str_has_prefix (p, "torch."))
    p += 6;
  for (guint i = 0; i < G_N_ELEMENTS (map); i++)
    if (g_str_has_prefix (p, map[i].name))
      return map[i].size;
  return 0;
}

/**
 * hp_comm_bus_factor:
 * @collective: a normalised collective (hp_comm_normalize_collective())
 * @n_ranks: the ranks of its group
 *
 * nccl-tests' factor from algorithm to bus bandwidth: 2(n−1)/n for an
 * all-reduce, (n−1)/n for an all-gather, a reduce-scatter and an
 * all-to-all, 1 for a broadcast, a reduce and point-to-point.
 *
 * Returns: the factor, or NaN when @n_ranks is unknown (below 1) for a
 *   collective whose factor depends on it, or the collective is unknown
 */
double
hp_comm_bus_factor (const char *collective,
                    int         n_ranks)
{
  double n = n_ranks;

  if (collective == NULL)
    return NAN;
  if (strcmp (collective, "broadcast") == 0 || strcmp (collective, "reduce") == 0 ||
      strcmp (collective, "send") == 0 || strcmp (collective, "recv") == 0 || strcmp (collective, "sendrecv") == 0)
    return 1.0;
  if (n_ranks < 1)
    return NAN;
  if (strcmp (collective, "allreduce") == 0)
    return 2.0 * (n - 1) / n;
  if (strcmp (collective, "allgather") == 0 || strcmp (collective, "reduce_scatter") == 0 ||
      strcmp (collective, "alltoall") == 0)
    return (n - 1) / n;
  return NAN;
}

/**
 * hp_comm_algbw_gbps:
 *
 * Returns: @msg_bytes over @dur_ns in GB/s (10^9 bytes a second), or NaN
 *   when either is unknown or not positive
 */
double
hp_comm_algbw_gbps (gint64 msg_bytes,
                    gint64 dur_ns)
{
  if (msg_bytes <= 0 || dur_ns <= 0)
    return NAN;
  return (double)msg_bytes / (double)dur_ns;
}

/**
 * hp_comm_link_peak_gbps:
 * @rank: a rank
 *
 * The nominal peak of the GPU's scale-up links, one direction, in GB/s,
 * for the devices whose `deviceProperties` name Hotpath knows
 * (docs/communication.md): what nccl-tests' bus bandwidth approaches.
 *
 * Returns: the peak, or NaN when the trace does not name a known device
 */
double
hp_comm_link_peak_gbps (const HpRank *rank)
{
  static const struct
  {
    const char *needle;
    double      gbps;
  } peaks[] = {
    { "GB300", 900 },
    { "GB200", 900 },
    { "B300", 900 },
    { "B200", 900 },
    { "H800", 200 },
    { "H20", 450 },
    { "H200", 450 },
    { "H100", 450 },
    { "A800", 200 },
    { "A100", 300 },
    { "V100", 150 },
    { "MI355", 538 },
    { "MI325", 448 },
    { "MI300", 448 },
    { "MI250", 350 },
  };
  JsonObject *root;
  JsonArray  *devices;
  const char *name;

  g_return_val_if_fail (rank != NULL, NAN);

  if (rank->metadata == NULL || !JSON_NODE_HOLDS_OBJECT (rank->metadata))
    return NAN;
  root = json_node_get_object (rank->metadata);
  if (!json_object_has_member (root, "deviceProperties") ||
      !JSON_NODE_HOLDS_ARRAY (json_object_get_member (root, "deviceProperties")))
    return NAN;
  devices = json_object_get_array_member (root, "deviceProperties");
  if (json_array_get_length (devices) == 0 || !JSON_NODE_HOLDS_OBJECT (json_array_get_element (devices, 0)))
    return NAN;
  name = json_object_get_string_member_with_default (json_array_get_object_element (devices, 0), "name", NULL);
  if (name == NULL)
    return NAN;
  for (guint i = 0; i < G_N_ELEMENTS (peaks); i++)
    if (strstr (name, peaks[i].needle) != NULL)
      return peaks[i].gbps;
  return NAN;
}

/* the collective's args of one event */
typedef struct
{
  char  *collective;
  gint64 in_nelems;
  gint64 out_nelems;
  char  *dtype;
  gint64 group_size;
  char  *group;
  char  *group_ranks;
  char  *comm_id;
  char  *group_desc;
  gint64 seq;
} Args;

#define ARGS_NONE ((Args){ NULL, -1, -1, NULL, -1, NULL, NULL, NULL, NULL, -1 })

/* the keys of a communicator's id, as versions of PyTorch and Kineto
 * spell it, folded (lower case, no space, '_' or '-') */
static const char *const comm_id_keys[] = { "pgid", "processgroupid", "commid", "communicatorid", "commhash" };

/* the keys of a collective's sequence number in its group, folded */
static const char *const seq_keys[] = { "seq", "seqnum", "sequencenumber", "seqid", "collectiveseq" };

static gboolean
key_is (const char        *key,
        const char *const *names,
        guint              n_names)
{
  char  folded[32];
  gsize n = 0;

  for (const char *p = key; *p != '\0'; p++)
    {
      if (*p == ' ' || *p == '_' || *p == '-')
        continue;
      if (n + 1 >= sizeof folded)
        return FALSE;
      folded[n++] = g_ascii_tolower (*p);
    }
  folded[n] = '\0';
  for (guint i = 0; i < n_names; i++)
    if (strcmp (folded, names[i]) == 0)
      return TRUE;
  return FALSE;
}

/* an integer arg, or one written as a decimal string; -1 otherwise */
static gint64
int_arg (const HpArgValue *value)
{
  g_autofree char *text = NULL;
  char            *end;
  gint64           v;

  if (value->type == HP_ARG_INT)
    return value->i;
  if (value->type != HP_ARG_STRING || value->s_len == 0 || value->s_len > 20)
    return -1;
  text = g_strndup (value->s, value->s_len);
  v = g_ascii_strtoll (text, &end, 10);
  return *end == '\0' && end != text ? v : -1;
}

static void
args_clear (Args *a)
{
  g_free (a->collective);
  g_free (a->dtype);
  g_free (a->group);
  g_free (a->group_ranks);
  g_free (a->comm_id);
  g_free (a->group_desc);
}

static char *
string_arg (const HpArgValue *value)
{
  if (value->type == HP_ARG_NULL)
    return NULL;
  return hp_arg_value_to_string (value);
}

/* reads the args PyTorch writes on collectives; returns whether any */
static gboolean
read_args (HpTrace      *trace,
           const HpRank *r,
           guint         e,
           Args         *a)
{
  HpArgIter  iter;
  HpArgValue value;
  gboolean   any = FALSE;

  *a = ARGS_NONE;
  if (!hp_rank_args_iter_init (r, e, &iter))
    return FALSE;
  while (hp_rank_args_iter_next (&iter, &value))
    {
      const char *key = hp_rank_get_arg_key_name (r, value.key);
      gboolean    number = value.type == HP_ARG_INT;

      if (key == NULL)
        continue;
      if (strcmp (key, "Collective name") == 0)
        a->collective = string_arg (&value);
      else if (strcmp (key, "In msg nelems") == 0 && number)
        a->in_nelems = value.i;
      else if (strcmp (key, "Out msg nelems") == 0 && number)
        a->out_nelems = value.i;
      else if (strcmp (key, "dtype") == 0)
        a->dtype = string_arg (&value);
      else if (strcmp (key, "Group size") == 0 && number)
        a->group_size = value.i;
      else if (strcmp (key, "Process Group Name") == 0 && a->group == NULL)
        a->group = string_arg (&value);
      else if ((strcmp (key, "Process Group Description") == 0 || strcmp (key, "Process Group Desc") == 0) &&
               a->group_desc == NULL)
        a->group_desc = string_arg (&value);
      else if (strcmp (key, "Process Group Ranks") == 0)
        a->group_ranks = string_arg (&value);
      else if (key_is (key, seq_keys, G_N_ELEMENTS (seq_keys)) && int_arg (&value) >= 0)
        a->seq = int_arg (&value);
      else if (key_is (key, comm_id_keys, G_N_ELEMENTS (comm_id_keys)) && value.type != HP_ARG_NULL)
        {
          g_free (a->comm_id);
          a->comm_id = string_arg (&value);
        }
      else
        continue;
      any = TRUE;
    }
  (void)trace;
  return any;
}

/* the ranks listed in "[0, 1, 2]", or -1 */
static int
count_ranks (const char *list)
{
  int n = 0;

  if (list == NULL || strchr (list, '[') == NULL)
    return -1;
  for (const char *p = list; *p != '\0'; p++)
    if (g_ascii_isdigit (*p) && (p == list || !g_ascii_isdigit (p[-1])))
      n++;
  return n;
}

/* the record_param_comms (or c10d::, nccl:) op around the kernel's launch */
static gint32
launching_op (HpTrace      *trace,
              const HpRank *r,
              guint         e,
              gint32       *named)
{
  gint32 at = r->partner != NULL ? r->partner[e] : -1;

  *named = -1;
  for (guint depth = 0; at >= 0 && depth < MAX_LAUNCH_DEPTH; depth++, at = r->parent[at])
    {
      const char *name = hp_trace_get_string (trace, r->name[at]);

      if (name == NULL || !hp_comm_op_is_collective (name))
        continue;
      if (strcmp (name, "record_param_comms") == 0)
        return at;
      if (*named < 0)
        *named = at;
    }
  return -1;
}

/**
 * hp_comm_describe:
 * @trace: a loaded trace
 * @rank: one of its ranks
 * @event: one of its communication kernels
 * @info: (out caller-allocates): the description; clear with
 *   hp_comm_info_clear()
 *
 * What the trace says of a communication kernel: its own args first
 * (PyTorch 2.x writes `Collective name`, `In msg nelems`, `Out msg
 * nelems`, `dtype`, `Group size`, `Process Group Name` and `Process Group
 * Ranks` on NCCL kernels), then those of the `record_param_comms` op that
 * launched it, then the collective its name or its launching op's name
 * (`c10d::allreduce_`) says. RCCL's `ncclDevKernel_Generic` thus becomes
 * the all-reduce its op launched.
 */
void
hp_comm_describe (HpTrace      *trace,
                  const HpRank *rank,
                  guint         event,
                  HpCommInfo   *info)
{
  Args        own = { 0 }, op = { 0 };
  gboolean    has_own, has_op = FALSE;
  gint32      rpc, named;
  const char *norm = NULL;
  const char *raw = NULL;
  gint64      in, out, group_size;
  const char *dtype;
  int         size;

  g_return_if_fail (trace != NULL && rank != NULL && info != NULL);

  *info = (HpCommInfo){ NULL, -1, -1, -1, NULL, NULL, NULL, -1, HP_COMM_SOURCE_NONE };
  if (event >= rank->n_events)
    {
      info->collective = g_strdup ("");
      info->group = g_strdup ("");
      info->group_ranks = g_strdup ("");
      info->comm_id = g_strdup ("");
      return;
    }
  has_own = read_args (trace, rank, event, &own);
  rpc = launching_op (trace, rank, event, &named);
  if (rpc >= 0)
    has_op = read_args (trace, rank, (guint)rpc, &op);
  if (!has_op)
    args_clear (&op), op = ARGS_NONE;
  if (!has_own)
    args_clear (&own), own = ARGS_NONE;

  if ((norm = hp_comm_normalize_collective (own.collective)) != NULL ||
      (own.collective != NULL && own.collective[0] != '\0'))
    {
      raw = own.collective;
      info->source = HP_COMM_SOURCE_KERNEL;
    }
  else if ((norm = hp_comm_normalize_collective (op.collective)) != NULL ||
           (op.collective != NULL && op.collective[0] != '\0'))
    {
      raw = op.collective;
      info->source = HP_COMM_SOURCE_LAUNCH;
    }
  else if (named >= 0 && (norm = hp_comm_normalize_collective (hp_trace_get_string (trace, rank->name[named]))) != NULL)
    info->source = HP_COMM_SOURCE_LAUNCH;
  else
    {
      const char *name = hp_trace_get_string (trace, rank->name[event]);

      /* the collective in a library's kernel name: ncclKernel_AllReduce_… */
      if (name != NULL && (g_str_has_prefix (name, "nccl") || g_str_has_prefix (name, "rccl")) &&
          strstr (name, "Generic") == NULL)
        norm = hp_comm_normalize_collective (name);
      if (norm != NULL)
        info->source = HP_COMM_SOURCE_NAME;
    }
  info->collective = g_strdup (norm != NULL ? norm : raw != NULL ? raw
                                                                 : "");

  in = own.in_nelems >= 0 ? own.in_nelems : op.in_nelems;
  out = own.out_nelems >= 0 ? own.out_nelems : op.out_nelems;
  dtype = own.dtype != NULL ? own.dtype : op.dtype;
  info->nelems = MAX (in, out) >= 0 ? MAX (in, out) : -1;
  size = hp_comm_dtype_size (dtype);
  if (size > 0 && MAX (in, out) > 0 && MAX (in, out) <= G_MAXINT64 / 16)
    info->msg_bytes = MAX (in, out) * size;
  group_size = own.group_size > 0 ? own.group_size : op.group_size;
  /* a group without a name is known by its description ("default_pg") */
  info->group = g_strdup (own.group != NULL        ? own.group
                          : op.group != NULL       ? op.group
                          : own.group_desc != NULL ? own.group_desc
                          : op.group_desc != NULL  ? op.group_desc
                                                   : "");
  info->group_ranks = g_strdup (own.group_ranks != NULL ? own.group_ranks : op.group_ranks != NULL ? op.group_ranks
                                                                                                   : "");
  if (group_size <= 0)
    group_size = count_ranks (info->group_ranks);
  info->group_size = group_size > 0 && group_size <= G_MAXINT ? (int)group_size : -1;
  info->comm_id = g_strdup (own.comm_id != NULL ? own.comm_id : op.comm_id != NULL ? op.comm_id
                                                                                   : "");
  info->seq = own.seq >= 0 ? own.seq : op.seq;
  args_clear (&own);
  args_clear (&op);
}
