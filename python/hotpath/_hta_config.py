# hotpath._hta_config — HTA's parser configuration (ParserConfig, its arg
# sets and AttributeSpec): which event args become columns of get_trace().
#
# SPDX-License-Identifier: GPL-3.0-or-later

"""HTA's ParserConfig; import it from hotpath.hta.

Hotpath reads every trace with its own parser, so of a ParserConfig only
the args matter: `ParserConfig.get_args()` says which event args
`Trace.get_trace()` carries as columns (`parse_all_args=True`: every arg
the rank's events have). Settings about how HTA parses (its backends,
memory tracing) are accepted and left aside with a warning.
"""

import copy
import re
import warnings
from dataclasses import dataclass
from enum import Enum
from typing import Dict, List, Optional, Set, Union


class ValueType(Enum):
    """The type of an arg's column."""
    Int = 1
    Float = 2
    String = 3
    Object = 4


@dataclass
class AttributeSpec:
    """An event arg that becomes a column: the column's name, the arg's
    name in the trace (raw_name), its type and the value of events that
    lack it."""
    name: str
    raw_name: str
    value_type: ValueType
    default_value: Union[int, float, str, object]
    min_supported_version: Optional[str] = None


class ParserBackend(str, Enum):
    """HTA's trace readers; Hotpath has its own and uses it whatever is set."""
    JSON = "json"
    IJSON = "ijson"
    IJSON_BATCHED = "ijson_batched"
    IJSON_BATCH_AND_COMPRESS = "ijson_batch_and_compress"


class TraceType(str, Enum):
    Training = "training"
    TrainingWoProfilerstepAnnot = "training_wo_profilerstep_annot"
    Inference = "inference"


def _spec(name: str, raw: str, kind: str, default) -> AttributeSpec:
    return AttributeSpec(name, raw, ValueType[kind], default)


# the args of HTA's trace format 1.0.0, by group::name as HTA keys them
AVAILABLE_ARGS: Dict[str, AttributeSpec] = {
    "index::ev_idx": _spec("ev_idx", "Ev Idx", "Int", -1),
    "index::external_id": _spec("external_id", "External id", "Int", -1),
    "index::python_id": _spec("python_id", "Python id", "Int", -1),
    "index::python_parent_id": _spec("python_parent_id", "Python parent id", "Int", -1),
    "cpu_op::concrete_inputs": _spec("concrete_inputs", "Concrete Inputs", "Object", "[]"),
    "cpu_op::fwd_thread": _spec("fwd_thread_id", "Fwd thread id", "Int", -1),
    "cpu_op::input_dims": _spec("input_dims", "Input Dims", "Object", "-1"),
    "cpu_op::input_type": _spec("input_type", "Input type", "Object", "-1"),
    "cpu_op::input_strides": _spec("input_strides", "Input Strides", "Object", "-1"),
    "cpu_op::sequence_number": _spec("sequence", "Sequence number", "Int", -1),
    "cpu_op::kernel_backend": _spec("kernel_backend", "kernel_backend", "String", ""),
    "correlation::cbid": _spec("cbid", "cbid", "Int", -1),
    "correlation::cpu_gpu": _spec("correlation", "correlation", "Int", -1),
    "sm::blocks": _spec("blocks_per_sm", "blocks per SM", "Object", "[]"),
    "sm::occupancy": _spec("est_occupancy", "est. achieved occupancy %", "Int", -1),
    "sm::warps": _spec("warps_per_sm", "warps per SM", "Float", 0.0),
    "data::bytes": _spec("bytes", "bytes", "Int", -1),
    "data::bandwidth": _spec("memory_bw_gbps", "memory bandwidth (GB/s)", "Float", 0.0),
    "cuda::context": _spec("context", "context", "Int", -1),
    "cuda::device": _spec("device", "device", "Int", -1),
    "cuda::stream": _spec("stream", "stream", "Int", -1),
    "kernel::queued": _spec("queued", "queued", "Int", -1),
    "kernel::shared_memory": _spec("shared_memory", "shared memory", "Int", -1),
    "threads::block": _spec("block", "block", "Object", "[]"),
    "threads::grid": _spec("grid", "grid", "Object", "[]"),
    "threads::registers": _spec("registers_per_thread", "registers per thread", "Int", -1),
    "cuda_sync::stream": _spec("wait_on_stream", "wait_on_stream", "Int", -1),
    "cuda_sync::event": _spec("wait_on_cuda_event_record_corr_id", "wait_on_cuda_event_record_corr_id", "Int", -1),
    "info::finished": _spec("finished", "finished", "String", ""),
    "info::labels": _spec("labels", "labels", "String", ""),
    "info::name": _spec("name", "name", "Int", -1),
    "info::op_count": _spec("op_count", "Op count", "Int", -1),
    "info::sort_index": _spec("sort_index", "sort_index", "Int", -1),
    "nccl::collective_name": _spec("collective_name", "Collective name", "String", ""),
    "nccl::in_msg_nelems": _spec("in_msg_nelems", "In msg nelems", "Int", 0),
    "nccl::out_msg_nelems": _spec("out_msg_nelems", "Out msg nelems", "Int", 0),
    "nccl::in_msg_size": _spec("in_msg_size", "In msg size", "Int", 0),
    "nccl::out_msg_size": _spec("out_msg_size", "Out msg size", "Int", 0),
    "nccl::group_size": _spec("group_size", "Group size", "Int", 0),
    "nccl::dtype": _spec("msg_dtype", "dtype", "String", ""),
    "nccl::in_split_size": _spec("in_split_size", "In split size", "Object", "[]"),
    "nccl::out_split_size": _spec("out_split_size", "Out split size", "Object", "[]"),
    "nccl::process_group_name": _spec("process_group_name", "Process Group Name", "String", ""),
    "nccl::process_group_desc": _spec("process_group_desc", "Process Group Description", "String", ""),
    "nccl::process_group_ranks": _spec("process_group_ranks", "Process Group Ranks", "Object", "[]"),
    "nccl::rank": _spec("process_rank", "Rank", "Int", -1),
    "inference::batch_size": _spec("batch_size", "batchSize", "Int", -1),
    "inference::batch_id": _spec("batch_id", "batchId", "String", ""),
}


def _pick(*keys: str) -> List[AttributeSpec]:
    return [AVAILABLE_ARGS[k] for k in keys]


ARGS_INPUT_SHAPE = _pick("cpu_op::input_dims", "cpu_op::input_type", "cpu_op::input_strides")
ARGS_BANDWIDTH = _pick("data::bytes", "data::bandwidth")
ARGS_SYNC = _pick("cuda_sync::stream", "cuda_sync::event")
ARGS_MINIMUM = _pick("cuda::stream", "correlation::cpu_gpu")
ARGS_INDEX = _pick("index::external_id", "index::python_id", "index::python_parent_id")
ARGS_COMPLETE = [v for k, v in AVAILABLE_ARGS.items() if not k.startswith("info")]
ARGS_INFO = _pick("info::labels", "info::name", "info::sort_index")
ARGS_COMMUNICATION = _pick("nccl::collective_name", "nccl::in_msg_nelems", "nccl::out_msg_nelems", "nccl::dtype",
                           "nccl::group_size", "nccl::rank", "nccl::in_split_size", "nccl::out_split_size")
ARGS_DEFAULT = ARGS_MINIMUM + ARGS_BANDWIDTH + ARGS_SYNC + ARGS_INPUT_SHAPE + ARGS_INDEX + ARGS_COMMUNICATION


class ParserConfig:
    """HTA's ParserConfig. `args` (default: ARGS_DEFAULT) are the event args
    that get_trace() has as columns, in that order after `correlation`;
    set_args_selector(names) keeps the named ones; parse_all_args makes a
    column of every arg the events have. The backend, memory tracing and
    other reader settings are HTA's own: Hotpath accepts them and warns
    that it reads the trace with its parser."""

    ARGS_INPUT_SHAPE: List[AttributeSpec] = ARGS_INPUT_SHAPE
    ARGS_BANDWIDTH: List[AttributeSpec] = ARGS_BANDWIDTH
    ARGS_SYNC: List[AttributeSpec] = ARGS_SYNC
    ARGS_MINIMUM: List[AttributeSpec] = ARGS_MINIMUM
    ARGS_COMPLETE: List[AttributeSpec] = ARGS_COMPLETE
    ARGS_INFO: List[AttributeSpec] = ARGS_INFO
    ARGS_COMMUNICATION: List[AttributeSpec] = ARGS_COMMUNICATION
    ARGS_DEFAULT: List[AttributeSpec] = ARGS_DEFAULT
    DEFAULT_MIN_REQUIRED_COLS: List[str] = ["ts", "dur", "name", "cat", "pid", "tid"]

    def __init__(self, args: Optional[List[AttributeSpec]] = None,
                 user_provide_trace_type: Optional[TraceType] = None, parse_all_args: bool = False,
                 selected_arg_keys: Optional[List[str]] = None, skip_event_types: Optional[Set[str]] = None,
                 **kwargs) -> None:
        self.args: List[AttributeSpec] = list(args) if args else self.get_default_args()
        self.arg_map: Dict[str, AttributeSpec] = {a.name: a for a in self.args}
        self.parser_backend: Optional[ParserBackend] = None
        self.trace_memory: bool = False
        self.user_provide_trace_type = user_provide_trace_type
        self.skip_event_types: Set[str] = skip_event_types if skip_event_types is not None else {"python_function"}
        self.min_required_cols: List[str] = list(self.DEFAULT_MIN_REQUIRED_COLS)
        self.drop_gpu_user_annotation: bool = True
        self.parse_all_args: bool = parse_all_args
        self.selected_arg_keys: Optional[List[str]] = selected_arg_keys
        self.batch_size = 1000
        self.extra = dict(kwargs)  # HTA's later options: accepted, not read

    def clone(self) -> "ParserConfig":
        return copy.deepcopy(self)

    def __repr__(self) -> str:
        return (f"ParserConfig(args={[a.name for a in self.args]}, parse_all_args={self.parse_all_args}, "
                f"parser_backend={self.parser_backend})")

    @classmethod
    def get_default_cfg(cls) -> "ParserConfig":
        return _DEFAULT.clone()

    @classmethod
    def set_default_cfg(cls, cfg: "ParserConfig") -> None:
        global _DEFAULT
        _DEFAULT = cfg.clone()

    @classmethod
    def get_minimum_args(cls, *_version) -> List[AttributeSpec]:
        return list(ARGS_MINIMUM)

    @classmethod
    def get_default_args(cls, *_version) -> List[AttributeSpec]:
        return list(ARGS_DEFAULT)

    @classmethod
    def get_info_args(cls, *_version) -> List[AttributeSpec]:
        return list(ARGS_INFO)

    def set_args(self, args: List[AttributeSpec]) -> None:
        if args != self.args:
            self.args = []
            self.arg_map = {}
            self.add_args(args)

    def get_args(self) -> List[AttributeSpec]:
        if self.selected_arg_keys is not None:
            missing = [k for k in self.selected_arg_keys if k not in self.arg_map]
            if missing:
                raise KeyError(f"selected args {missing} are not among the config's args "
                               f"{[a.name for a in self.args]}")
            return [self.arg_map[k] for k in self.selected_arg_keys]
        return self.args

    def add_args(self, args: List[AttributeSpec]) -> None:
        for a in args:
            if a.name not in self.arg_map:
                self.args.append(a)
                self.arg_map[a.name] = a

    def set_min_required_cols(self, cols: List[str]) -> None:
        self.min_required_cols = list(cols)

    def get_min_required_cols(self) -> List[str]:
        return self.min_required_cols

    def set_trace_memory(self, trace_memory: bool) -> None:
        self.trace_memory = trace_memory

    def set_drop_gpu_user_annotation(self, should_drop: bool) -> None:
        self.drop_gpu_user_annotation = should_drop

    def set_parser_backend(self, parser_backend: Optional[ParserBackend]) -> None:
        self.parser_backend = parser_backend

    def set_parse_all_args(self, parse_all_args: bool) -> "ParserConfig":
        self.parse_all_args = parse_all_args
        return self

    def set_args_selector(self, selected_arg_keys: Optional[List[str]] = None) -> "ParserConfig":
        self.selected_arg_keys = list(selected_arg_keys) if selected_arg_keys is not None else None
        return self

    def set_skip_event_types(self, skip_event_types: Optional[Set[str]] = None) -> "ParserConfig":
        self.skip_event_types = skip_event_types if skip_event_types is not None else set()
        return self

    @classmethod
    def enable_communication_args(cls, cfg: Optional["ParserConfig"] = None, *_version) -> "ParserConfig":
        cfg = cfg or _DEFAULT
        cfg.add_args(ARGS_COMMUNICATION)
        return cfg

    @classmethod
    def get_all_available_args(cls) -> Dict[str, AttributeSpec]:
        return AVAILABLE_ARGS

    @classmethod
    def show_available_args(cls) -> None:
        from pprint import pprint

        pprint(cls.get_all_available_args())

    @classmethod
    def transform_arg_name(cls, arg: str) -> str:
        """The column name of an arg no spec names (parse_all_args): lower
        case, no parenthesised part, runs of separators as one "_"."""
        arg = re.sub(r"\([^)]*\)", "", arg)
        arg = re.sub(r"[ \-/.%]+", "_", arg.lower())
        arg = re.sub(r"_+", "_", arg).strip("_")
        return "arg_name" if arg == "name" else arg


_DEFAULT = ParserConfig()

# the core columns of every frame: specs of these args add nothing
_CORE_ARGS = {"stream", "correlation"}


def _kind(spec: AttributeSpec) -> str:
    """The native column kind of a spec: 'i', 'd', 's' or 'o'."""
    vt = spec.value_type
    name = vt.name if isinstance(vt, Enum) else str(vt)
    return {"Int": "i", "Float": "d", "String": "s"}.get(name, "o")


def arg_column_specs(config: Optional[ParserConfig], arg_names: List[str]) -> List[AttributeSpec]:
    """The specs of the arg columns a frame has under `config` (None: HTA's
    default); `arg_names` are the rank's args, for parse_all_args."""
    config = config if config is not None else _DEFAULT
    specs = [s for s in config.get_args() if s.name not in _CORE_ARGS]
    if config.parse_all_args:
        known = {s.raw_name for s in specs} | {s.raw_name for s in AVAILABLE_ARGS.values() if s.name in _CORE_ARGS}
        by_raw = {s.raw_name: s for s in AVAILABLE_ARGS.values()}
        taken = {s.name for s in specs} | _CORE_ARGS
        for raw in arg_names:
            if raw in known:
                continue
            spec = by_raw.get(raw) or AttributeSpec(ParserConfig.transform_arg_name(raw), raw, ValueType.Object, None)
            if spec.name not in taken:
                specs.append(spec)
                taken.add(spec.name)
            known.add(raw)
    return specs


def warn_unused(config: Optional[ParserConfig]) -> None:
    """Warns about the settings of `config` that only HTA's readers read."""
    if config is None:
        return
    if not isinstance(config, ParserConfig):
        raise TypeError(f"parser_config must be a ParserConfig, not {type(config).__name__}")
    backend = config.parser_backend
    if backend is not None:
        value = backend.value if isinstance(backend, Enum) else backend
        warnings.warn(f"parser_backend={value!r} selects one of HTA's readers; Hotpath reads the trace with its "
                      "own parser", stacklevel=3)
    if config.trace_memory:
        warnings.warn("trace_memory is about HTA's reader; Hotpath reads the trace with its own parser",
                      stacklevel=3)
    if not config.drop_gpu_user_annotation:
        warnings.warn("drop_gpu_user_annotation=False is not supported: get_trace() has no gpu_user_annotation "
                      "rows, as with HTA's default", stacklevel=3)
