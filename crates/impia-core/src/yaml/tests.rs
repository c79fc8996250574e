use super::*;

fn refused(text: &str) -> Option<String> {
    check("t.yaml", text).err().map(|e| e.to_string())
}

/// Nesting one past the limit, to find where the scanner reads tokens.
fn deep() -> String {
    "[".repeat(MAX_FLOW_DEPTH + 1)
}

#[test]
fn deep_flow_nesting_is_refused_with_its_place_and_shallow_is_read() {
    let e = refused(&format!("a: {}{}\n", deep(), "]".repeat(65))).unwrap_or_default();
    assert!(e.starts_with("t.yaml:1:68:"), "{e}");
    assert!(e.contains("nested more than 64"), "{e}");
    assert!(refused(&"{a: ".repeat(100_000)).is_some());
    let ok = format!("a: {}{}\n", "[".repeat(64), "]".repeat(64));
    assert_eq!(refused(&ok), None);
    // Balanced brackets on many lines never add up.
    assert_eq!(refused(&"weapons: [a, b]\n".repeat(1000)), None);
    assert_eq!(refused(&"text: see [1\n".repeat(1000)), None);
}

#[test]
fn brackets_inside_text_are_not_nesting() {
    let d = deep();
    for ok in [
        format!("notes: \"{d}\"\n"),
        format!("notes: '{d}'\n"),
        format!("notes: 'it''s {d}'\n"),
        format!("notes: |-\n  {d}\n  otra\nname: x\n"),
        format!("notes: >\n\n    {d}\n    {d}\nname: a\n"),
        format!("notes: línea\n  {d}\n"),
        format!("# {d}\na: b # {d}\n"),
        format!("- {{\"action\":\"note\",\"text\":\"{d}\"}}\n"),
        // The writer's `|2-` for a text whose first line starts with spaces.
        format!("- name: |2-\n     #\n    {d}\n  troop: x\n"),
        format!("- - |-\n      a\n      {d}\n"),
    ] {
        assert_eq!(refused(&ok), None, "{ok:?}");
    }
}

#[test]
fn brackets_the_parser_reads_as_tokens_are_counted() {
    let d = deep();
    for bad in [
        // The deep blank line sets the block's indent to 8.
        format!("a: |\n        \n  {d}\n"),
        format!("a: |\n  x\n {d}\n"),
        format!("- a: |\n    x\n  b: {d}\n"),
        format!("- name: |2-\n     #\n   {d}\n"),
        // A sibling key does not continue a plain scalar.
        format!("models:\n  - name: a\n    weapons: {d}\n"),
        // A comment ends a plain scalar; so does a document marker.
        format!("a: b\n  # c\n  {d}\n"),
        format!("a\n--- {d}\n"),
        // After a quoted scalar the parser reads a new token.
        format!("a: ''{d}\n"),
        // Byte-order marks: skipped at column 0 only.
        format!("\u{feff}{d}\n"),
        format!("\n\u{feff}{d}\n"),
        format!("a: b\u{2028}c: {d}\n"),
        format!("{{-x\\\"\r\"%, {d}"),
        format!("? x y}}\u{2028}\n  \"\u{2028}{d}"),
    ] {
        assert!(refused(&bad).is_some(), "{bad:?}");
    }
}

#[test]
fn an_alias_is_refused_with_its_place() {
    let e = refused("name: &n x\nmodels:\n  - name: *n\n").unwrap_or_default();
    assert!(
        e.starts_with("t.yaml:3:11:") && e.contains("aliases"),
        "{e}"
    );
    for bad in [
        // Found by the differential fuzz: `%` inside a plain scalar,
        // and columns after a byte-order mark.
        "{x y\u{2028}%a, *x}",
        "[? ], \n   *x",
        "\u{feff}:x[\t[? {*xa  : \\\"\\\"---\r  }\u{feff}\n *x: ",
        "a: [b, *c]\n",
        "- *c\n",
        "--- *x\n",
        "a: &x !!str *y\n",
        "a: ''*x\n",
    ] {
        assert!(refused(bad).is_some(), "{bad:?}");
    }
    for ok in [
        "notes: 2 * 3\n",
        "notes: '*x'\n",
        "notes: |-\n  * una viñeta\n  * otra\nname: x\n",
        "notes: línea\n  *continúa\n",
        "a: &ancla 1\n",
    ] {
        assert_eq!(refused(ok), None, "{ok:?}");
    }
    // A broken file passes: its parse says what is wrong.
    assert_eq!(refused("a: [\n"), None);
}

#[test]
fn the_parser_walk_stops_aliases_that_multiply_a_file() {
    let ids = vec!["mace"; 200].join(",");
    let mut wide = format!("a: &w [{ids}]\nb:\n");
    for _ in 0..200 {
        wide.push_str("  - *w\n");
    }
    let e = check_expansion("t.yaml", &wide)
        .err()
        .map(|e| e.to_string());
    let e = e.unwrap_or_default();
    assert!(
        e.starts_with("t.yaml:") && e.contains("expand it past"),
        "{e}"
    );
    assert!(check_expansion("t.yaml", "name: &n Ulrak\nmodels:\n  - name: *n\n").is_ok());
}
