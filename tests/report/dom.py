"""A small DOM, enough to read a report page back (with the standard library's HTML parser),
and the committee table's rows and cells."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class Node:
    tag: str
    attrs: dict[str, str]
    children: list[Node] = field(default_factory=list)
    text: str = ""

    def iter(self) -> Iterator[Node]:
        yield self
        for child in self.children:
            yield from child.iter()

    def find_all(self, tag: str, cls: str | None = None) -> list[Node]:
        return [
            n
            for n in self.iter()
            if n.tag == tag and (cls is None or cls in n.attrs.get("class", "").split())
        ]

    def by_id(self, ident: str) -> Node:
        return next(n for n in self.iter() if n.attrs.get("id") == ident)

    def all_text(self) -> str:
        return self.text + "".join(child.all_text() for child in self.children)


VOID = {"meta", "input", "br", "img", "link", "line", "rect", "hr"}


class TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {})
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(Node(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(Node("#text", {}, text=data))


def parse_html(page: str) -> Node:
    builder = TreeBuilder()
    builder.feed(page)
    builder.close()
    return builder.root


def table_rows(dom: Node) -> list[Node]:
    return dom.by_id("committee").find_all("tr", "cv-row")


def column(dom: Node, key: str) -> int:
    headers = dom.by_id("committee").find_all("th")
    return next(i for i, th in enumerate(headers) if th.attrs.get("data-key") == key)


def cell_values(dom: Node, key: str) -> list[str]:
    index = column(dom, key)
    return [row.find_all("td")[index].attrs["data-sort"] for row in table_rows(dom)]
