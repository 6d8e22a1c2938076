from ._base import AnyThing, DirtyEquals, IsOneOf
from ._boolean import IsFalseLike, IsTrueLike
from ._datetime import IsDate, IsDatetime, IsNow, IsToday
from ._dict import IsDict, IsIgnoreDict, IsPartialDict, IsStrictDict
from ._inspection import HasAttributes, HasName, HasRepr, IsInstance
from ._numeric import (
    IsApprox,
    IsFloat,
    IsFloatInf,
    IsFloatInfNeg,
    IsFloatInfPos,
    IsFloatNan,
    IsInt,
    IsNegative,
    IsNegativeFloat,
    IsNegativeInt,
    IsNonNegative,
    IsNonPositive,
    IsNumber,
    IsNumeric,
    IsPositive,
    IsPositiveFloat,
    IsPositiveInt,
)
from ._other import (
    FunctionCheck,
    IsDataclass,
    IsDataclassType,
    IsEnum,
    IsHash,
    IsIP,
    IsJson,
    IsPartialDataclass,
    IsStrictDataclass,
    IsUrl,
    IsUUID,
)
from ._sequence import Contains, HasLen, IsList, IsListOrTuple, IsTuple
from ._strings import IsAnyStr, IsBytes, IsStr
from .version import VERSION

__all__ = (
    # base
    'DirtyEquals',
    'AnyThing',
    'IsOneOf',
    # boolean
    'IsTrueLike',
    'IsFalseLike',
    # dataclass
    'IsDataclass',
    'IsDataclassType',
    'IsPartialDataclass',
    'IsStrictDataclass',
    # datetime
    'IsDatetime',
    'IsNow',
    'IsDate',
    'IsToday',
    # dict
    'IsDict',
    'IsPartialDict',
    'IsIgnoreDict',
    'IsStrictDict',
    # enum
    'IsEnum',
    # sequence
    'Contains',
    'HasLen',
    'IsList',
    'IsTuple',
    'IsListOrTuple',
    # numeric
    'IsNumeric',
    'IsApprox',
    'IsNumber',
    'IsPositive',
    'IsNegative',
    'IsNonPositive',
    'IsNonNegative',
    'IsInt',
    'IsPositiveInt',
    'IsNegativeInt',
    'IsFloat',
    'IsPositiveFloat',
    'IsNegativeFloat',
    'IsFloatInf',
    'IsFloatInfNeg',
    'IsFloatInfPos',
    'IsFloatNan',
    # inspection
    'HasAttributes',
    'HasName',
    'HasRepr',
    'IsInstance',
    # other
    'FunctionCheck',
    'IsJson',
    'IsUUID',
    'IsUrl',
    'IsHash',
    'IsIP',
    # strings
    'IsStr',
    'IsBytes',
    'IsAnyStr',
    # version
    '__version__',
)

__version__ = VERSION
