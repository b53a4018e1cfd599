#!/usr/bin/env python3
"""notation_schema.py — for tests/notation.sh: what the YAML and JSON
writers wrote, judged against grammar/bgmatch.schema.json with Debian's
python3-jsonschema and python3-yaml.

    notation_schema.py SCHEMA MAN_PAGE EXAMPLE_YAML LIST

LIST has one line per record: LABEL <tab> YAML_FILE <tab> JSON_FILE.  The
cases, one output line each ("ok<tab>WHAT" or "FAIL<tab>WHAT<tab>WHY"),
which the shell script counts:
  - the schema is a valid draft 2020-12 schema;
  - every YAML document of every record validates;
  - every record's JSON lines validate and are its YAML documents, value
    for value (one model, two notations), but for the match's `source`,
    which JSON alone writes and which must name a file;
  - documents that break the notation are rejected (the schema is not
    vacuous);
  - the example in the schema's description and in the man page is what
    the writer writes for tests/notation/example.mat.
A line starting with '#' is a remark for the log.
"""
import copy
import json
import re
import sys

import jsonschema
import yaml


def say(verdict, what, why=""):
    print(f"{verdict}\t{what}\t{why}".rstrip("\t"), flush=True)


def documents_of(count):
    return f"{count} document{'' if count == 1 else 's'}"


def first_error(validator, document):
    error = jsonschema.exceptions.best_match(validator.iter_errors(document))
    if error is None:
        return None
    place = "/".join(str(part) for part in error.absolute_path)
    return f"at /{place}: {error.message[:300]}"


def check_record(validator, label, yaml_path, json_path):
    """Two cases: the YAML validates; the JSON says the same.  Returns the
    number of documents."""
    try:
        with open(yaml_path, encoding="utf-8") as stream:
            documents = list(yaml.safe_load_all(stream))
    except (yaml.YAMLError, UnicodeDecodeError) as error:
        say("FAIL", f"schema {label}", f"the YAML does not load: {error}")
        say("FAIL", f"json {label}", "no YAML to compare with")
        return 0
    problems = []
    for number, document in enumerate(documents, 1):
        problem = first_error(validator, document)
        if problem:
            problems.append(f"document {number} {problem}")
    if problems:
        say("FAIL", f"schema {label}", "; ".join(problems[:3]))
    else:
        say("ok", f"schema {label} ({documents_of(len(documents))})")
    try:
        with open(json_path, encoding="utf-8") as stream:
            lines = [json.loads(line) for line in stream]
    except (ValueError, UnicodeDecodeError) as error:
        say("FAIL", f"json {label}", f"a line is no JSON: {error}")
        return len(documents)
    problems = [f"line {number} {problem}" for number, line in enumerate(lines, 1)
                if (problem := first_error(validator, line))]
    sources = [line.get("match", {}).pop("source", None) for line in lines]
    if problems:
        say("FAIL", f"json {label}", "; ".join(problems[:3]))
    elif not all(isinstance(source, dict) and source.get("file") for source in sources):
        say("FAIL", f"json {label}", "a JSON line names no source file")
    elif lines == documents:
        say("ok", f"json {label} (the YAML's {documents_of(len(documents))})")
    else:
        say("FAIL", f"json {label}",
            f"{len(lines)} JSON lines differ from the YAML's {documents_of(len(documents))}")
    return len(documents)


def broken_documents(example):
    """(what, document) pairs, each the example with one thing broken."""
    def broken(change):
        document = copy.deepcopy(example)
        change(document)
        return document

    def action(document, index, value):
        document["games"][0]["actions"][index] = value

    return [
        ("dice 77", broken(lambda d: action(d, 0, ["Bob", 77, "13/11 13/8"]))),
        ("a play written 13-11", broken(lambda d: action(d, 0, ["Bob", 52, "13-11 13/8"]))),
        ("a take with a value", broken(lambda d: action(d, 3, ["Alice", "take", 2]))),
        ("an unknown action", broken(lambda d: action(d, 2, ["Bob", "redouble", 2]))),
        ("player 2", broken(lambda d: action(d, 3, [2, "take"]))),
        ("a board of 25 slots", broken(lambda d: action(d, 0, ["position", "-" * 25]))),
        ("a win worth 'two'", broken(lambda d: action(d, 9, ["Alice", "wins", "two"]))),
        ("version 2", broken(lambda d: d.update(bgmatch=2))),
        ("no tags", broken(lambda d: d["match"].pop("tags"))),
        ("a tag of three strings", broken(lambda d: d["match"]["tags"].append(["a", "b", "c"]))),
        ("a result by timeout", broken(lambda d: d["games"][0]["result"].update(by="timeout"))),
        ("an unknown top-level key", broken(lambda d: d.update(comment="x"))),
        ("three players", broken(lambda d: d["match"]["players"].append("Carol"))),
    ]


def man_page_example(path):
    """The text of the .EX block of the EXAMPLE section, unescaped."""
    with open(path, encoding="utf-8") as stream:
        page = stream.read()
    section = page.split("\n.SH EXAMPLE\n", 1)[-1]
    match = re.search(r"\n\.EX\n(.*?)\n\.EE\n", section, re.S)
    if not match:
        return None
    text = match.group(1)
    return text.replace(r"\-", "-").replace(r"\(aq", "'").replace(r"\e", "\\") + "\n"


def check_examples(schema, man_path, example_path):
    with open(example_path, encoding="utf-8") as stream:
        example = stream.read()
    description = schema.get("description", "")
    if description.endswith("\n\n" + example):
        say("ok", "the schema's example is what the writer writes")
    else:
        say("FAIL", "the schema's example is what the writer writes",
            "grammar/bgmatch.schema.json's description ends otherwise")
    if man_page_example(man_path) == example:
        say("ok", "the man page's example is what the writer writes")
    else:
        say("FAIL", "the man page's example is what the writer writes",
            f"the EXAMPLE of {man_path} differs")
    return list(yaml.safe_load_all(example))[0]


def main():
    schema_path, man_path, example_path, list_path = sys.argv[1:5]
    with open(schema_path, encoding="utf-8") as stream:
        schema = json.load(stream)
    try:
        jsonschema.Draft202012Validator.check_schema(schema)
        say("ok", "the schema is a valid JSON Schema (draft 2020-12)")
    except jsonschema.exceptions.SchemaError as error:
        say("FAIL", "the schema is a valid JSON Schema", str(error)[:300])
        return
    validator = jsonschema.Draft202012Validator(schema)
    files = documents = 0
    with open(list_path, encoding="utf-8") as stream:
        for line in stream:
            label, yaml_path, json_path = line.rstrip("\n").split("\t")
            documents += check_record(validator, label, yaml_path, json_path)
            files += 1
    example = check_examples(schema, man_path, example_path)
    if first_error(validator, example):
        say("FAIL", "the example validates", first_error(validator, example))
    for what, document in broken_documents(example):
        if validator.is_valid(document):
            say("FAIL", f"the schema rejects {what}", "it validates")
        else:
            say("ok", f"the schema rejects {what}")
    print(f"# notation: {documents_of(documents)} of {files} files validated against "
          f"{schema_path}, as YAML and as JSON")


if __name__ == "__main__":
    main()
