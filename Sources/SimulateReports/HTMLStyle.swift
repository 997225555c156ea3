/// The HTML report's stylesheet, inlined so the page is one self-contained file.
package enum HTMLStyle {
    package static let css = """
        body { font: 14px/1.45 -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
          color: #212529; margin: 0; background: #fff; }
        header { padding: 16px 24px 10px; border-bottom: 1px solid #dee2e6; position: sticky; top: 0;
          background: #fff; z-index: 1; }
        h1 { font-size: 20px; margin: 0 0 4px; }
        main { padding: 8px 24px 40px; }
        .counts span { margin-right: 14px; font-weight: 600; }
        .counts .fail, .badge.fail { color: #fff; background: #e03131; }
        .counts .pass, .badge.pass { color: #fff; background: #2f9e44; }
        .counts .fail, .counts .pass { padding: 1px 8px; border-radius: 10px; }
        .legend { margin-top: 8px; display: flex; flex-wrap: wrap; gap: 6px 16px; font-size: 12px; }
        .legend span { display: inline-flex; align-items: center; gap: 5px; }
        .legend i { display: inline-block; width: 18px; height: 10px; border-radius: 2px; }
        .legend i.violation { width: 3px; height: 14px; border-radius: 0; }
        table.index { border-collapse: collapse; margin: 12px 0 18px; font-size: 13px; }
        table.index td, table.index th { padding: 2px 12px 2px 0; text-align: left; }
        table.index th { color: #868e96; font-weight: 500; }
        a { color: #1c7ed6; text-decoration: none; }
        section.run { margin: 14px 0 22px; border: 1px solid #dee2e6; border-radius: 6px; }
        section.run.failed { border-color: #ffa8a8; }
        summary { cursor: pointer; padding: 8px 12px; font-size: 15px; list-style-position: inside; }
        summary .meta { color: #868e96; font-size: 12px; margin-left: 8px; }
        .badge { font-size: 11px; font-weight: 700; padding: 2px 7px; border-radius: 4px; margin-right: 6px;
          vertical-align: 1px; }
        .body { padding: 0 12px 12px; overflow-x: auto; }
        ul.problems { margin: 4px 0 8px; padding-left: 18px; color: #c92a2a; }
        ul.problems ul { color: #495057; }
        ul.statistics { margin: 4px 0 8px; padding-left: 18px; color: #495057; font-size: 12px; list-style: none; }
        pre.replay { background: #f8f9fa; border: 1px solid #e9ecef; padding: 6px 10px; margin: 6px 0 10px;
          font-size: 12px; white-space: pre-wrap; }
        svg.timeline { display: block; }
        svg text { font-size: 11px; fill: #495057; }
        svg text.track { font-weight: 700; font-size: 12px; fill: #212529; }
        svg text.lane { fill: #868e96; }
        svg text.tick { fill: #868e96; font-size: 10px; }
        svg text.span { font-size: 10px; pointer-events: none; }
        svg rect.open { opacity: 0.55; }
        svg g:hover > rect, svg g:hover > path { stroke: #212529; stroke-width: 1; }
        p.note { color: #868e96; }
        """
}
