"""The OpenAPI document's bodies, query parameters and answers, read from the handlers themselves.

Every handler reads its input through a few helpers (text_field, int_field, query_int, uploaded,
form fields …); walking a handler's syntax tree for those calls gives its request body and query
parameters, so the document stays true as handlers change. Answers are the envelope, with the
list shape for handlers that answer a page.
"""
from __future__ import annotations

import ast
import functools
import inspect
import textwrap

from sanic import Sanic
from sanic_ext.extensions.openapi.builders import OperationStore
from sanic_ext.extensions.openapi.definitions import Parameter

_BODY_TYPES = {"text_field": {"type": "string"}, "int_field": {"type": "integer"},
               "int_list": {"type": "array", "items": {"type": "integer"}}}
_QUERY_TYPES = {"query_int": {"type": "integer"}, "required_query_int": {"type": "integer"}, "query_text": {"type": "string"}}
_FORM_TYPES = {"form_int": {"type": "integer"}}
_ENVELOPE = {"type": "object", "required": ["code", "message"], "properties": {
    "code": {"type": "integer", "enum": [0, 1, 401], "description": "0 success, 1 error, 401 signed out"},
    "message": {"type": "string"}, "reason": {"type": "string"}}}
_PAGE = {"type": "object", "properties": {"items": {"type": "array", "items": {"type": "object"}}, "total": {"type": "integer"}}}


class _Reads(ast.NodeVisitor):
    """What one handler reads: body fields, query parameters, form fields, a file; and whether it answers a page."""

    def __init__(self) -> None:
        self.body: dict[str, tuple[dict, bool]] = {}
        self.query: dict[str, tuple[dict, bool]] = {}
        self.form: dict[str, dict] = {}
        self.file = False
        self.json = False
        self.pages = False
        self.raw = False

    @staticmethod
    def _name(node: ast.AST) -> str:
        if isinstance(node, ast.Name):
            return node.id
        if isinstance(node, ast.Attribute):
            return node.attr
        return ""

    @staticmethod
    def _text(node: ast.AST) -> str | None:
        return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None

    def _required(self, call: ast.Call, default: bool) -> bool:
        if len(call.args) > 2 and isinstance(call.args[2], ast.Constant):
            return bool(call.args[2].value)
        for keyword in call.keywords:
            if keyword.arg == "required" and isinstance(keyword.value, ast.Constant):
                return bool(keyword.value.value)
        return default

    def visit_Call(self, call: ast.Call) -> None:
        name = self._name(call.func)
        field = self._text(call.args[1]) if len(call.args) > 1 else None
        if name in _BODY_TYPES and field:
            self.body[field] = (_BODY_TYPES[name], self._required(call, name != "int_list"))
        elif name in _QUERY_TYPES and field:
            self.query[field] = (_QUERY_TYPES[name], name == "required_query_int")
        elif name.lstrip("_") in _FORM_TYPES and field:
            self.form[field] = _FORM_TYPES[name.lstrip("_")]
        elif name in ("json_body", "form_or_json"):
            self.json = True
        elif name == "uploaded":
            self.file = True
        elif name in ("page",):
            self.pages = True
        elif name in ("download", "raw", "redirect"):
            self.raw = True
        elif name == "get" and isinstance(call.func, ast.Attribute) and call.args:
            key = self._text(call.args[0])
            owner = call.func.value
            owner_name = self._name(owner)
            if key and owner_name == "files":
                self.file = True
            elif not key or owner_name in ("headers", "cookies", "ctx", "environ"):
                pass
            elif owner_name == "args":
                self.query.setdefault(key, ({"type": "string"}, False))
            elif owner_name == "form":
                self.form.setdefault(key, {"type": "string"})
            elif owner_name not in ("os", "settings", "kwargs"):
                self.body.setdefault(key, ({}, False))
        self.generic_visit(call)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if node.attr == "json" and self._name(node.value) == "request":
            self.json = True
        self.generic_visit(node)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        key = self._text(node.slice)
        if key and isinstance(node.value, ast.Name) and node.value.id == "data":
            self.body.setdefault(key, ({}, True))
        self.generic_visit(node)


@functools.lru_cache(maxsize=None)
def _functions_of(filename: str) -> dict[int, ast.AST]:
    """The functions of one source file by their first line (the first decorator's, as in code objects).

    One parse per module rather than one inspect.getsource per handler: every worker builds the
    document at start, and reading handler by handler cost it about a second of CPU."""
    try:
        with open(filename, encoding="utf-8") as source:
            tree = ast.parse(source.read())
    except (OSError, SyntaxError, ValueError):
        return {}
    return {min([node.lineno] + [d.lineno for d in node.decorator_list]): node for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}


def _syntax(function) -> ast.AST | None:
    code = getattr(function, "__code__", None)
    if code is not None:
        found = _functions_of(code.co_filename).get(code.co_firstlineno)
        if found is not None:
            return found
    try:
        return ast.parse(textwrap.dedent(inspect.getsource(function)))
    except (OSError, TypeError, SyntaxError):
        return None


def _reads(handler, depth: int = 0) -> _Reads:
    reads = _Reads()
    original = inspect.unwrap(handler)
    tree = _syntax(original)
    if tree is None:
        return reads
    reads.visit(tree)
    # A handler that delegates to a helper of its module (or to another handler) reads what that one reads.
    for node in ast.walk(tree):
        if depth < 3 and isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            target = original.__globals__.get(node.func.id)
            if inspect.isfunction(inspect.unwrap(target) if callable(target) else None) and target is not handler \
                    and getattr(inspect.unwrap(target), "__module__", None) == original.__module__:
                inner = _reads(target, depth + 1)
                reads.body.update(inner.body)
                reads.query.update(inner.query)
                reads.form.update(inner.form)
                reads.file |= inner.file
                reads.json |= inner.json
                reads.pages |= inner.pages
                reads.raw |= inner.raw
    return reads


@functools.lru_cache(maxsize=None)
def _query_parameter(name: str, integer: bool, required: bool) -> Parameter:
    """One shared definition per distinct parameter: sanic-ext builds each slowly (type hints per
    field), and every worker builds the document at start (a second of CPU per worker before)."""
    return Parameter.make(name, int if integer else str, "query", required=required)


def _object(fields: dict[str, tuple[dict, bool]]) -> dict:
    schema: dict = {"type": "object", "properties": {name: spec for name, (spec, _) in fields.items()}}
    required = sorted(name for name, (_, needed) in fields.items() if needed)
    if required:
        schema["required"] = required
    return schema


def describe(app: Sanic, blueprints) -> int:
    """Attach bodies, parameters and answers to every API operation; returns how many were described."""
    store = OperationStore()
    count = 0
    for bp in blueprints:
        for route in bp._future_routes:
            handler = route.handler
            rule = getattr(handler, "access_rule", None)
            reads = _reads(handler)
            operation = store[handler]
            for name, (spec, required) in sorted(reads.query.items()):
                operation.parameters.append(_query_parameter(name, spec.get("type") == "integer", required))
            if reads.file or reads.form:
                properties = {name: spec for name, spec in reads.form.items()}
                if reads.file:
                    properties["file"] = {"type": "string", "format": "binary"}
                operation.requestBody = {"required": reads.file, "content": {"multipart/form-data": {"schema": {
                    "type": "object", "properties": properties, **({"required": ["file"]} if reads.file else {})}}}}
            elif reads.json or reads.body:
                operation.requestBody = {"required": True, "content": {"application/json": {"schema": _object(reads.body)}}}
            if reads.raw:
                answer = {"description": "A file or a redirect; errors come as the envelope",
                          "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}},
                                      "application/json": {"schema": _ENVELOPE}}}
            else:
                result = _PAGE if reads.pages else {}
                answer = {"description": "The envelope", "content": {"application/json": {"schema": {
                    **_ENVELOPE, "properties": {**_ENVELOPE["properties"], "result": result}}}}}
            operation.responses["200"] = answer
            if rule is not None and not rule.public:
                operation.responses["401"] = {"description": "Signed out: token missing, expired or replaced",
                                              "content": {"application/json": {"schema": _ENVELOPE}}}
                operation.responses["403"] = {"description": "The role may not call this route",
                                              "content": {"application/json": {"schema": _ENVELOPE}}}
                operation.security.append({"bearer": []})
            if rule is not None:
                operation.describe(description=(inspect.getdoc(inspect.unwrap(handler)) or "") + _rule_text(rule))
            count += 1
    return count


def _rule_text(rule) -> str:
    from toolkit import roles

    if rule.public:
        return "\n\nAccess: public."
    names = ", ".join(roles.role_name(code) for code in rule.roles)
    text = f"\n\nAccess: {names}."
    if rule.project_roles:
        text += " Project roles: " + ", ".join(rule.project_roles) + " (in the project the request names)."
    return text
