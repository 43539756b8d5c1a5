/* linviz page: one lesson, stepped through and dragged in any browser, offline.
 *
 * The page reads three JSON blocks the writer (linviz/page/writer.py) embedded:
 * the scenario, the page's strings in one language, and the options (language,
 * theme, captions already stale when exported). Every number comes from
 * replay.js. Text from the file is always inserted with textContent (never as
 * HTML), so a label that looks like an image tag with an onerror attribute
 * shows as those characters.
 *
 * window.linviz is for tests and scripts: trace(), set(step, field, vector),
 * go(step), step(), and a few helpers (hideOutputs, reveal).
 */
(function () {
  "use strict";

  var R = window.LinvizReplay;

  function embedded(id) { return JSON.parse(document.getElementById(id).textContent); }

  var doc = embedded("linviz-scenario");
  var STRINGS = embedded("linviz-strings");
  var OPTIONS = embedded("linviz-options");
  var FRENCH = OPTIONS.language === "fr";
  // The SVG namespace, from the one <svg> the writer put in the page (no URL in this file).
  var SVG = document.getElementById("svg-namespace").namespaceURI;
  var replay = new R.Replay(doc);
  var COUNT = replay.count;

  /** Everything the page shows that is not in the scenario. */
  var view = {
    step: OPTIONS.step !== undefined ? OPTIONS.step : (COUNT > 0 ? 1 : 0),
    hide: false,
    revealed: {},          // labels of reads revealed while outputs are hidden
    edited: false,
    theme: OPTIONS.theme,
    keyAxes: [0, 1],       // components the key plane shows (0-based)
    valueAxes: [0, 1],
    stale: {}              // "label/part" → true for texts whose numbers no longer hold
  };
  (OPTIONS.stale || []).forEach(function (label) { view.stale[label + "/caption"] = true; });

  /* ---------------------------------------------------------------- text */

  /** The page string `key`, with {0}, {1} … filled in. */
  function T(key) {
    var text = STRINGS[key] === undefined ? key : STRINGS[key];
    var args = arguments;
    return text.replace(/\{(\d)\}/g, function (m, i) { return String(args[Number(i) + 1]); });
  }

  /** A lesson text in the page's language: a plain string or {"en": …, "fr": …}. */
  function lessonText(value) {
    if (value === undefined || value === null) return "";
    if (typeof value === "string") return value;
    return value[OPTIONS.language] || value.en || Object.keys(value).map(function (k) { return value[k]; })[0] || "";
  }

  /** A new element with a class and (optional) text, inserted as text. */
  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  function svgEl(tag, attributes) {
    var node = document.createElementNS(SVG, tag);
    for (var name in attributes) node.setAttribute(name, attributes[name]);
    return node;
  }

  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }

  /* ------------------------------------------------------------- numbers */

  var MINUS = "\u2212";
  var DISPLAY_ZERO = 1e-12;

  /** Python's format(x, ".{digits}g"). */
  function formatG(x, digits) {
    if (x === 0) return "0";
    if (!isFinite(x)) return isNaN(x) ? "nan" : (x > 0 ? "inf" : "-inf");
    var exponential = x.toExponential(digits - 1);
    var exp = Number(exponential.split("e")[1]);
    if (exp < -4 || exp >= digits) {
      var parts = exponential.split("e");
      var mantissa = parts[0].indexOf(".") >= 0 ? parts[0].replace(/0+$/, "").replace(/\.$/, "") : parts[0];
      var e = Math.abs(exp);
      return mantissa + "e" + (exp < 0 ? "-" : "+") + (e < 10 ? "0" + e : String(e));
    }
    var fixed = x.toFixed(Math.max(0, digits - 1 - exp));
    if (fixed.indexOf(".") >= 0) fixed = fixed.replace(/0+$/, "").replace(/\.$/, "");
    return fixed;
  }

  /** report._zero_below: below what a worked-out number of size `size` prints as 0;
   *  `at`: the size of the numbers it was worked out from (a read's scale), if known. */
  function zeroBelow(size, at) {
    if (at === undefined) return DISPLAY_ZERO * Math.max(size, 1);
    return DISPLAY_ZERO * Math.max(size, isFinite(at) ? at : 0);
  }

  /** linviz.model.report.fmt_number: 4 significant digits, rounding residue as 0. */
  function fmtNumber(x, scale, at) {
    x = Number(x) + 0;
    var size = at === undefined ? Math.abs(scale === undefined ? 1 : scale) : 0;
    if (Math.abs(x) < zeroBelow(size, at)) x = 0;
    return formatG(x, 4);
  }

  /** norms.largest_finite: the largest finite |entry| (0 for none). */
  function largestFinite(v) {
    var m = 0;
    for (var i = 0; i < v.length; i++) if (isFinite(v[i])) m = Math.max(m, Math.abs(v[i]));
    return m;
  }

  /** readout.read_scale: the largest finite |component| of y, v_target and of its terms.
   *  Residue of the read's numbers is small beside it, not beside 1. */
  function readScale(read) {
    if (read.scale === undefined) {
      var scale = Math.max(largestFinite(read.output), read.expected ? largestFinite(read.expected) : 0);
      for (var i = 0; i < read.terms.length; i++) scale = Math.max(scale, largestFinite(read.terms[i]));
      read.scale = scale;
    }
    return read.scale;
  }

  function maxAbs(v) {
    var m = 0;
    for (var i = 0; i < v.length; i++) m = Math.max(m, Math.abs(v[i]));
    return m;
  }

  /** fmt_vector: "[1, 0]"; long vectors cut with an ellipsis. written: a key, value or
   *  query the user wrote, every number shown however small (fmt_written). */
  function fmtVectorPlain(v, limit, written, at) {
    limit = limit || 8;
    var scale = v.length ? largestFinite(v) : 1, shown = [];
    var zero = written ? 0 : zeroBelow(scale, at);
    for (var i = 0; i < Math.min(limit, v.length); i++) {
      var x = Number(v[i]) + 0;
      shown.push(formatG(Math.abs(x) < zero ? 0 : x, 4));
    }
    if (v.length > limit) shown.push("… " + T("in_all", v.length));
    return "[" + shown.join(", ") + "]";
  }

  /** fmt_matrix of a small matrix: "[[2, 3], [0, 0]]" (a large one: mat); `at` as there. */
  function fmtMatrixPlain(m, dk, dv, at) {
    var rows = [];
    for (var r = 0; r < dk; r++) rows.push(fmtVectorPlain(m.subarray(r * dv, (r + 1) * dv), 8, false, at));
    return "[" + rows.join(", ") + "]";
  }

  /** A number's sign, as number_text._SIGN finds it: a hyphen before a digit, a point,
   * ∞ or "inf" that no letter precedes (a label's "key-1" keeps it), and an exponent's.
   * No lookbehind: browsers before 2023 refuse the whole script for one. */
  var SIGN = /(^|[^\p{L}\p{Nl}\p{No}_])-(?=[\d.\u221e]|inf)|(\d[eE])-(?=\d)/gu;

  /** Numbers as the views write them (number_text.localised): every sign a real minus,
   * in French also "[1,2 ; −1,8]". */
  function localised(text) {
    if (FRENCH) text = text.split(", ").join(" ; ").replace(/(\d)\.(?=\d)/g, "$1,");
    return text.replace(SIGN, function (match, before, exponent) {
      return (exponent === undefined ? before : exponent) + MINUS;
    });
  }

  /** A whole number with its thousands grouped, as number_text.grouped: "12,345", in
   * French "12 345" (a narrow no-break space), as the app's cursor line says a step. */
  function grouped(n) {
    var text = String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
    return FRENCH ? text.split(",").join("\u202f") : text;
  }

  function num(x, scale) { return localised(fmtNumber(x, scale)); }
  function vec(v) { return localised(fmtVectorPlain(v)); }
  /** replay.value_scale: the larger of a write's value and u, largest finite components. */
  function writeScale(step, record) {
    return Math.max(largestFinite(step.value), largestFinite(record.effective));
  }
  /** What a write works out (u, what it removed): residue beside writeScale, not beside 1. */
  function writeVec(v, step, record) {
    return localised(fmtVectorPlain(v, 8, false, writeScale(step, record)));
  }
  /** The i-th write's weight in a read: residue beside |φ(q)| · |φ(k)| (over the
   *  normaliser's divisor), readout.ReadResult.weight_scale. */
  function weightText(read, i) {
    var key = replay.phiOf(read.writes[i]), q = read.phiQuery, size = 0;
    for (var r = 0; r < q.length; r++) size += Math.abs(q[r]) * Math.abs(key[r]);
    if (read.denominator !== null && read.denominator !== 0) size /= Math.abs(read.denominator);
    return localised(fmtNumber(read.weights[i], 1, size));
  }
  /** What a read works out (y, its error, parts, terms): residue beside the read's scale. */
  function readVec(v, read) { return localised(fmtVectorPlain(v, 8, false, readScale(read))); }
  /** A vector the user wrote (number_text.shown_written). */
  function written(v) { return localised(fmtVectorPlain(v, 8, true)); }
  /** fmt_matrix in the page's language: a large matrix by its size and largest entry
   * (its words not localised whole: their comma became " ; " in French). */
  function mat(m, at) {
    if (replay.dk * replay.dv > 16) {
      var largest = maxAbs(m);
      return T("matrix_largest", replay.dk, replay.dv, localised(fmtNumber(largest, 1, largest)));
    }
    // Residue beside the matrix's own largest entry, not beside 1 (report.fmt_matrix).
    return localised(fmtMatrixPlain(m, replay.dk, replay.dv, at === undefined ? largestFinite(m) : at));
  }
  /** A write's stamp: residue beside |φ(k)| · writeScale (replay.stamp_scale). */
  function stampMat(step, record) {
    return mat(record.stamp, largestFinite(record.phiKey) * writeScale(step, record));
  }
  /** A share in per cent, as number_text.shown_percent: one decimal up to 10,000 %,
   * beyond it four significant digits (thousands grouped; from 1e15 an exponent). */
  function percent(x) {
    var p = 100 * x;
    if (isFinite(x) && !isFinite(p)) {  // beyond the floats as a per cent (shown_percent)
      var parts = x.toExponential(3).split("e");
      return localised(formatG(Number(parts[0]), 4) + "e+" + (Number(parts[1]) + 2) + " %");
    }
    if (!isFinite(p)) return isNaN(p) ? "— %" : (p < 0 ? MINUS : "") + "∞ %";
    if (Math.abs(p) < 1e4) return localised(p.toFixed(1) + " %");
    var rounded = Number(p.toPrecision(4));
    var text = Math.abs(rounded) >= 1e15 ? formatG(rounded, 4)
      : String(Math.round(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, FRENCH ? "\u202f" : ",");
    return localised(text + " %");
  }

  /** A short list "[…]" held on one line (no-break spaces), as number_text.unbroken_lists. */
  function unbroken(text) {
    return text.replace(/\[[^\[\]]*\]/g, function (m) { return m.length <= 28 ? m.replace(/ /g, "\u00a0") : m; });
  }

  /** Running text as the app sets it (typography.spaced): a number keeps its "%", an
   * equals sign its name and a short value; in French a narrow no-break space goes
   * before ":", ";", "?", "!" and "»", and after "«". (The app's word joiner in "3,374"
   * is left out: browsers never break a line inside a number.) No lookbehind. */
  function spaced(text) {
    if (!text) return text;
    text = text.replace(/(\d)[ \u00a0]+%/g, "$1\u202f%");
    if (text.indexOf(" = ") >= 0) {
      text = text.replace(/(^|[\s\S]) = (?=\S)/g, function (match, before, offset) {
        var start = offset + match.length;
        if (!before || /\s/.test(before)) return match;  // no name before it
        if (/^[^\s\[]{1,16}(?=\s|$)/.test(text.slice(start))) return before + "\u00a0=\u00a0";
        if (text.charAt(start) === "[") {
          var depth = 0, stop = Math.min(text.length, start + 28);
          for (var i = start; i < stop; i++) {
            var c = text.charAt(i);
            depth += c === "[" ? 1 : c === "]" ? -1 : 0;
            if (depth === 0) return before + "\u00a0=\u00a0";
          }
        }
        return before + "\u00a0= ";
      });
    }
    if (!FRENCH) return text;
    // Again while it changes: "» :" follows a "»" the previous match took (no lookbehind).
    var before;
    do {
      before = text;
      text = text.replace(/([\p{L}\p{N}_\)\]}»’%])[ \u00a0]+([:;?!»])/gu, "$1\u202f$2");
    } while (text !== before);
    return text.replace(/«[ \u00a0]+/g, "«\u202f");
  }

  /** number_text.cell_text: a short label for a heatmap cell. */
  function cellText(value, limit) {
    var decimals = limit > 0 ? Math.max(0, 2 - Math.floor(Math.log10(limit))) : 2;
    var factor = Math.pow(10, decimals);
    value = Math.round(value * factor) / factor + 0;
    if (value === 0) return "0";
    var text = Math.abs(value) >= 1e3 && Math.abs(value) < 1e5 ? value.toFixed(0) : formatG(value, 3);
    text = text.replace(/-/g, MINUS);
    return FRENCH ? text.replace(".", ",") : text;
  }

  /* ---------------------------------------------------- what a step shows */

  // What one drawing of the page asks the replay for, worked out once: a read late in
  // a 20,000-step lesson decomposes into 10,000 terms, and the caption, the equation,
  // the value plane and the readout all show it. Emptied at every render and edit.
  var memo = {};

  function readOf(n) { return memo["r" + n] || (memo["r" + n] = replay.read(n)); }
  function writeOf(n) { return memo["w" + n] || (memo["w" + n] = replay.write(n)); }
  function stateOf(n) { return memo["s" + n] || (memo["s" + n] = replay.state(n)); }

  function isHidden(number) {
    if (!view.hide || number < 1 || number > COUNT) return false;
    var step = replay.steps[number - 1];
    return step.op === "read" && !view.revealed[step.label];
  }

  /** Positions (ascending) of the `limit` largest terms; the target's always in (largest_terms). */
  function largestTerms(read, limit) {
    var count = read.weights.length, all = [];
    for (var i = 0; i < count; i++) all.push(i);
    if (count <= limit) return all;
    if (limit <= 0) return [];
    var sizes = read.terms.map(function (t) { return maxAbs(t); });
    var order = all.slice().sort(function (a, b) { return sizes[b] - sizes[a] || a - b; }).slice(0, limit);
    if (read.targetIndex !== null && order.indexOf(read.targetIndex) < 0) order[order.length - 1] = read.targetIndex;
    return order.sort(function (a, b) { return a - b; });
  }

  function relativeError(read) {
    var size = R.size(read.expected);
    return size > 0 ? R.size(read.interference) / size : null;
  }

  function verdict(read) {
    if (read.target === null) return read.tied.length ? T("blend", read.tied.join(" + ")) : T("none");
    if (read.exact) return T("exact");
    return T("off_by", readVec(read.interference, read));
  }

  /* ------------------------------------------------------------ captions */

  var TOKEN = /\{\{|\}\}|\{([^{}]*)\}|[{}]/g;
  var FIELD = /^\s*([A-Za-z_]+)\s*(?:@\s*([^@{}]+?)\s*)?$/;
  var ANSWER_FIELDS = ["y", "target", "expected", "interference", "crosstalk", "not_overwritten",
                       "forgetting", "own_scale", "normaliser_part", "parts", "cause", "error",
                       "share", "weights", "verdict", "S"];
  /** Caption fields that quote one part of a read's error, and the part's name. */
  var PART_FIELDS = { crosstalk: "crosstalk", not_overwritten: "not_overwritten", forgetting: "forgetting",
                      own_scale: "own_scale", normaliser_part: "normaliser" };

  /** A caption with every {field} filled in from the replay now (captions.render). */
  function renderCaption(template, number) {
    var out = "", position = 0, match;
    TOKEN.lastIndex = 0;
    while ((match = TOKEN.exec(template)) !== null) {
      out += template.slice(position, match.index);
      position = TOKEN.lastIndex;
      if (match[0] === "{{" || match[0] === "}}") { out += match[0][0]; continue; }
      if (match[0] === "{" || match[0] === "}") return template;  // refused by the model: shown as written
      var field = FIELD.exec(match[1]);
      if (!field) return template;
      var labels = field[2] ? field[2].split(",").map(function (s) { return s.trim(); }) : [];
      try {
        out += fieldText(field[1], labels, number);
      } catch (error) {
        out += T("hidden");
      }
    }
    return out + template.slice(position);
  }

  function numberOf(label) {
    var n = replay.numberOf[label];
    if (n === undefined) throw new Error("no step " + label);
    return n;
  }

  function fieldText(name, labels, number) {
    if (name === "cos" || name === "dot") {
      var a = replay.phiOf(numberOf(labels[0])), b = replay.phiOf(numberOf(labels[1]));
      var value = name === "cos" ? R.cosine(a, b) || 0 : R.dot(a, b);
      return num(value);
    }
    if (name === "d_k") return String(replay.dk);
    if (name === "d_v") return String(replay.dv);
    var n = labels.length ? numberOf(labels[0]) : number;
    if (name === "z") return vec(replay.stateAndNormaliser(n || 0).z);
    if (n === null || n === undefined) throw new Error("no step");
    if (ANSWER_FIELDS.indexOf(name) >= 0 && isHidden(n)) return T("hidden");
    if (name === "step") return String(n);
    var step = replay.steps[n - 1];
    if (name === "label") return step.label;
    if (name === "S") return mat(stateOf(n));
    if (name === "S_before") return mat(stateOf(n - 1));
    if (step.op === "write") {
      var w = writeOf(n);
      var params = replay.parameters(n);
      switch (name) {
        case "k": return written(step.key);
        case "v": return written(step.value);
        case "phi_k": return vec(w.phiKey);
        case "stamp": return stampMat(step, w);
        case "u": return writeVec(w.effective, step, w);
        case "decay": return num(w.decay);
        // A rule without α (or β) writes as if it were 1 (Scenario.parameters_of).
        case "alpha": return num(params[0] === null ? 1 : params[0]);
        case "beta": return num(params[1] === null ? 1 : params[1]);
        case "removed": return writeVec(removedBy(n, w), step, w);
      }
      throw new Error("not a write's field");
    }
    var read = readOf(n);
    switch (name) {
      case "q": return written(step.query);
      case "phi_q": return vec(read.phiQuery);
      case "y": return readVec(read.output, read);
      case "target": return read.target !== null ? read.target : T("none");
      case "weights":
        return largestTerms(read, 8).map(function (i) { return read.labels[i] + " " + weightText(read, i); })
          .join(FRENCH ? " ; " : ", ");
      case "denominator": return read.denominator !== null ? num(read.denominator) : T("none");
      case "verdict": return verdict(read);
    }
    if (read.target === null) return T("none");
    var parts = read.errorParts || [];
    if (name in PART_FIELDS) {
      var part = partNamed(parts, PART_FIELDS[name]);
      return readVec(part || new Float64Array(read.output.length), read);
    }
    switch (name) {
      case "expected": return written(read.expected);
      case "interference": return readVec(read.interference, read);
      case "parts":
        // As readout.ReadResult.shown_parts: none for an exact read, and no part that
        // prints as zero (a decayed read of orthogonal keys names no crosstalk).
        var floor = 1e-5 * Math.max(maxAbs(read.output), maxAbs(read.expected));
        var sizes = partSizes(parts);
        var shown = read.exact ? [] : parts.map(function (p, i) { return { p: p, size: sizes[i], i: i }; })
          .filter(function (x) { return maxAbs(x.p.vector) > floor; });
        if (!shown.length) return T("no_error");
        return shown.sort(function (a, b) { return b.size - a.size || a.i - b.i; })
          .map(function (x) { return T("part_" + x.p.name) + " " + readVec(x.p.vector, read); }).join(" + ");
      case "cause":
        var cause = read.exact ? null : mainCause(read, parts);
        return cause === null ? T("no_error") : T("words_" + cause);
      case "share":
        var names = parts.map(function (p) { return p.name; }), at = names.indexOf("crosstalk");
        var share = read.exact || at < 0 ? 0 : R.shares(parts.map(function (p) { return p.vector; }))[at];
        return percent(share);
      case "error":
        var measure = relativeError(read);
        return measure === null ? T("none") : percent(measure);
    }
    throw new Error("not a read's field");
  }

  function partNamed(parts, name) {
    for (var i = 0; i < parts.length; i++) if (parts[i].name === name) return parts[i].vector;
    return null;
  }

  function partSizes(parts) { return parts.map(function (p) { return R.size(p.vector); }); }

  /** The largest part, or null when every part is rounding residue (ErrorParts.main_cause). */
  function mainCause(read, parts) {
    if (!parts.length) return null;
    var sizes = partSizes(parts), best = 0;
    for (var i = 1; i < sizes.length; i++) if (sizes[i] > sizes[best]) best = i;
    return sizes[best] > 1e-9 * readScale(read) ? parts[best].name : null;
  }

  /** What a delta write removed before adding (β v − u); 0 under the other rules. */
  function removedBy(number, record) {
    var value = replay.steps[number - 1].value, beta = replay.parameters(number)[1];
    var out = new Float64Array(value.length);
    for (var i = 0; i < value.length; i++) {
      out[i] = (replay.corrects ? beta * value[i] : value[i]) - record.effective[i];
    }
    return out;
  }

  /** Whether a text states numbers in its own words: digits outside {fields} and labels. */
  function statesOwnNumbers(template) {
    var words = template.replace(/\{[^{}]*\}/g, " ");
    replay.steps.map(function (s) { return s.label; })
      .filter(function (l) { return /\d/.test(l); })
      .sort(function (a, b) { return b.length - a.length; })
      .forEach(function (label) { words = words.split(label).join(" "); });
    return /\d/.test(words);
  }

  /** What step `number` shows, rounded as printed: a change means its own-words texts are stale. */
  function fingerprint(number) {
    var step = replay.steps[number - 1];
    // Every entry of S, as step_fingerprint rounds them (its largest alone missed edits).
    var pieces = [step.op, fmtVectorPlain(replay.vectorOf(number), 1e9), fmtVectorPlain(stateOf(number), 1e9)];
    if (step.op === "write") pieces.push(fmtVectorPlain(step.value, 1e9));
    else {
      var read = readOf(number);
      pieces.push(fmtVectorPlain(read.output, 1e9), String(read.target), read.tied.join(","));
    }
    return pieces.join("|");
  }

  var shippedPrints = {};

  /* ------------------------------------------------------------- layout */

  var root = document.getElementById("linviz-page");
  var parts = {};

  function section(id, title, className) {
    var box = el("section", "panel " + (className || ""));
    box.id = id;
    if (title) box.appendChild(el("h2", "panel-title", title));
    return box;
  }

  function build() {
    var header = el("header", "top");
    var titleBox = el("div", "title-box");
    titleBox.appendChild(el("h1", "lesson-title", lessonText(doc.title)));
    var settings = [T("rule_" + replay.rule.name), T("map_" + (doc.feature_map || "identity")),
                    T(replay.normalize ? "normalised" : "not_normalised"),
                    "d_k\u00a0=\u00a0" + replay.dk + (FRENCH ? " ; " : ", ") + "d_v\u00a0=\u00a0" + replay.dv];
    if (replay.rule.alpha !== undefined) settings.push("α\u00a0=\u00a0" + num(replay.rule.alpha));
    if (replay.rule.beta !== undefined) settings.push("β\u00a0=\u00a0" + num(replay.rule.beta));
    titleBox.appendChild(el("p", "settings", settings.join(" · ")));
    var lessonCaption = lessonText(doc.caption);
    if (lessonCaption) {
      parts.lessonCaption = el("p", "lesson-caption");
      titleBox.appendChild(parts.lessonCaption);
    }
    header.appendChild(titleBox);

    var controls = el("nav", "controls");
    parts.previous = button(T("previous"), T("previous_tip"), function () { go(view.step - 1); });
    parts.position = el("span", "position");
    parts.position.setAttribute("aria-live", "polite");
    parts.next = button(T("next"), T("next_tip"), function () { go(view.step + 1); });
    parts.hide = button(T("hide_outputs"), T("hide_outputs_tip"), function () { hideOutputs(!view.hide); });
    parts.hide.setAttribute("aria-pressed", "false");
    parts.reveal = button(T("reveal"), T("reveal_tip"), function () { reveal(); });
    parts.theme = button(T("theme_button", T("theme_" + view.theme)), "", function () {
      var themes = ["light", "dark", "projector"];
      setTheme(themes[(themes.indexOf(view.theme) + 1) % themes.length]);
    });
    [parts.previous, parts.position, parts.next, parts.hide, parts.reveal, parts.theme].forEach(function (n) {
      controls.appendChild(n);
    });
    header.appendChild(controls);
    root.appendChild(header);

    var timeline = section("timeline", null, "timeline");
    timeline.setAttribute("aria-label", T("timeline"));
    parts.slider = el("input", "slider");
    parts.slider.type = "range";
    parts.slider.min = "0";
    parts.slider.max = String(COUNT);
    parts.slider.setAttribute("aria-label", T("timeline"));
    parts.slider.addEventListener("input", function () { go(Number(parts.slider.value)); });
    timeline.appendChild(parts.slider);
    parts.chips = [];
    if (COUNT <= 200) {
      var chips = el("ol", "chips");
      for (var n = 0; n <= COUNT; n++) {
        var chip = el("li", "chip");
        var b = el("button", n === 0 ? "chip-button empty" : "chip-button " + replay.steps[n - 1].op);
        b.type = "button";
        b.appendChild(el("span", "chip-number", String(n)));
        if (n > 0) b.appendChild(el("span", "chip-label", replay.steps[n - 1].label));
        b.title = n === 0 ? T("empty_memory") : T(replay.steps[n - 1].op) + " " + replay.steps[n - 1].label;
        b.addEventListener("click", go.bind(null, n));
        chip.appendChild(b);
        chips.appendChild(chip);
        parts.chips.push(b);
      }
      timeline.appendChild(chips);
    }
    root.appendChild(timeline);

    var story = section("story", T("caption"), "story");
    parts.caption = el("p", "caption");
    parts.captionStale = el("p", "stale", T("stale"));
    parts.question = el("p", "question");
    parts.notesBox = el("details", "notes");
    parts.notesBox.appendChild(el("summary", null, T("notes")));
    parts.notes = el("p", "notes-text");
    parts.notesBox.appendChild(parts.notes);
    [parts.caption, parts.captionStale, parts.question, parts.notesBox].forEach(function (n) { story.appendChild(n); });
    // A scenario without a word of its own (arrays from a model, a file without captions)
    // would show an empty "What happens" box on every step: it shows none. Decided once
    // for the page, so that no step's box appearing moves the planes.
    story.hidden = !lessonText(doc.caption) && !replay.steps.some(function (step) {
      return lessonText(step.caption) || lessonText(step.question) || lessonText(step.notes);
    });
    root.appendChild(story);

    var grid = el("div", "grid");
    var heat = section("heatmap", T("state"), "heat");
    parts.heatNote = el("p", "small", T("state_shape", replay.dk, replay.dv));
    parts.heat = el("div", "heat-box");
    heat.appendChild(parts.heatNote);
    heat.appendChild(parts.heat);
    grid.appendChild(heat);

    var equation = section("equation", T("equation"), "equation");
    parts.equation = el("div", "equation-lines");
    equation.appendChild(parts.equation);
    grid.appendChild(equation);

    parts.keyPlane = plane("key-plane", T("key_plane"), T("key_plane_tip"), "key");
    grid.appendChild(parts.keyPlane.box);
    parts.valuePlane = plane("value-plane", T("value_plane"), T("value_plane_tip"), "value");
    grid.appendChild(parts.valuePlane.box);

    var readout = section("readout", T("readout"), "readout");
    parts.readout = el("div", "readout-body");
    readout.appendChild(parts.readout);
    grid.appendChild(readout);
    root.appendChild(grid);

    var foot = el("footer", "foot");
    parts.edited = el("p", "edited", T("edited"));
    foot.appendChild(parts.edited);
    foot.appendChild(el("p", "small", T("keys_help")));
    root.appendChild(foot);
  }

  function button(label, tip, action) {
    var b = el("button", "control", label);
    b.type = "button";
    if (tip) b.title = tip;
    b.addEventListener("click", action);
    return b;
  }

  /* -------------------------------------------------------------- planes */

  var PLANE = 300, MARGIN = 26;  // viewBox size and the room for axis numbers

  function plane(id, title, tip, kind) {
    var box = section(id, title, "plane");
    var size = kind === "key" ? replay.dk : replay.dv;
    var axes = kind === "key" ? view.keyAxes : view.valueAxes;
    if (size < 2) axes.length = 1;
    var caption = el("p", "small plane-axes");
    box.appendChild(caption);
    caption.hidden = size > 2;  // the chooser below names the components itself
    if (size > 2) {
      var choose = el("select", "axes");
      choose.setAttribute("aria-label", title);
      for (var i = 0; i + 1 < size; i++) {
        var option = el("option", null, T("components", i + 1, i + 2));
        option.value = String(i);
        choose.appendChild(option);
      }
      choose.addEventListener("change", function () {
        axes[0] = Number(choose.value);
        axes[1] = axes[0] + 1;
        render();
      });
      box.appendChild(choose);
    }
    var svg = svgEl("svg", { viewBox: "0 0 " + PLANE + " " + PLANE, "class": "plane-svg", role: "img" });
    svg.setAttribute("aria-label", title + ". " + tip);
    var title_ = svgEl("title", {});
    title_.textContent = tip;
    svg.appendChild(title_);
    box.appendChild(svg);
    return { box: box, svg: svg, kind: kind, axes: axes, caption: caption, half: null };
  }

  /** Half the width of the plane: every vector of the scenario fits (plane_base.half_range). */
  function halfRange(kind, axes) {
    var extent = 0;
    for (var n = 1; n <= COUNT; n++) {
      var step = replay.steps[n - 1];
      var vectors = kind === "key" ? [replay.vectorOf(n)] : (step.op === "write" ? [step.value] : []);
      vectors.forEach(function (v) {
        axes.forEach(function (a) { extent = Math.max(extent, Math.abs(v[a])); });
      });
    }
    return halfFor(extent);
  }

  /** A plane's half-range for an extent: 15 % more, up to a tenth, at least 1.2 (the unit
   *  circle shows); with every coordinate under 0.8, at least 1.2 · extent / 0.8, up to
   *  two significant digits (keys or values near 0.01 fill the plane, as in the app:
   *  drawable.half_range). Near the end of the floats the largest float itself
   *  (extent·1.15 was Infinity, and every coordinate NaN). */
  function halfFor(extent) {
    var least = extent > 0 && extent < 0.8 ? 1.2 * extent / 0.8 : 1.2;
    var wanted = Math.max(extent * 1.15, least, 1e-300);
    if (!isFinite(wanted)) return Number.MAX_VALUE;
    if (wanted >= 1 && wanted < 1e15) return Math.ceil(wanted * 10 - 1e-9) / 10;
    if (wanted >= 1) return wanted;
    var per = Math.pow(10, 1 - Math.floor(Math.log10(wanted)));  // 1000 for 0.0137
    var rounded = Math.ceil(wanted * per * (1 - 1e-12)) / per;
    return isFinite(rounded) && rounded > 0 ? rounded : wanted;
  }

  /** A round step (1, 2, 2.5 or 5 times a power of ten) giving about ``target`` steps
   *  over ``span`` (drawable.tick_step). */
  function roundStep(span, target) {
    var raw = span / target;
    if (!(raw >= 1e-300)) return 1e-300;
    var power = Math.pow(10, Math.floor(Math.log10(raw)));
    var factors = [1, 2, 2.5, 5, 10];
    for (var i = 0; i < factors.length; i++) {
      if (factors[i] * power >= raw * (1 - 1e-9)) return factors[i] * power;
    }
    return raw;
  }

  function toPlane(p, x, y) {
    var scale = (PLANE / 2 - MARGIN) / p.half;
    return [PLANE / 2 + x * scale, PLANE / 2 - (p.axes.length > 1 ? y : 0) * scale];
  }

  function fromClient(p, clientX, clientY) {
    var point = p.svg.createSVGPoint();
    point.x = clientX;
    point.y = clientY;
    var local = point.matrixTransform(p.svg.getScreenCTM().inverse());
    var scale = (PLANE / 2 - MARGIN) / p.half;
    return [(local.x - PLANE / 2) / scale, (PLANE / 2 - local.y) / scale];
  }

  /** Where a dragged tip lands on plane ``p``: on the 0.1 grid, as the app snaps it by
   *  default; on a plane under 1 wide, on a round step about a tenth of it
   *  (drawable.snap_step and snap_tip: keys near 0.01 do not snap to 0). */
  function snap(p, x) {
    var span = 2 * p.half;
    var step = span >= 1 ? 0.1 : roundStep(span, 10);
    if (!(step >= 1e-290) || !isFinite(x)) return x;
    var per = Math.pow(10, -Math.floor(Math.log10(step)));  // 10 for 0.1 or 0.25
    var mantissa = Math.round(step * per * 10) / 10;         // 1, 2, 2.5 or 5
    var steps = x * per / mantissa;
    if (!(Math.abs(steps) < 9007199254740992)) return x;
    var snapped = Math.round(steps) * mantissa / per + 0;
    return isFinite(snapped) ? snapped : x;
  }

  function drawAxes(p) {
    var g = svgEl("g", { "class": "axes-layer" });
    var lo = toPlane(p, -p.half, -p.half), hi = toPlane(p, p.half, p.half), o = toPlane(p, 0, 0);
    var step = p.half > 6 ? Math.ceil(p.half / 4)
      : (p.half > 3 ? 1 : (p.half >= 1 ? 0.5 : roundStep(p.half, 2.4)));
    var end = Math.min(p.half * (1 + 1e-9), Number.MAX_VALUE);  // a share: halves near 1e-300
    for (var t = -Math.floor(p.half / step) * step; t <= end && isFinite(t); t += step) {
      var a = toPlane(p, t, 0);
      g.appendChild(svgEl("line", { x1: a[0], y1: lo[1], x2: a[0], y2: hi[1], "class": "grid" }));
      if (p.axes.length > 1) {
        var b = toPlane(p, 0, t);
        g.appendChild(svgEl("line", { x1: lo[0], y1: b[1], x2: hi[0], y2: b[1], "class": "grid" }));
      }
    }
    g.appendChild(svgEl("line", { x1: lo[0], y1: o[1], x2: hi[0], y2: o[1], "class": "axis" }));
    if (p.axes.length > 1) g.appendChild(svgEl("line", { x1: o[0], y1: lo[1], x2: o[0], y2: hi[1], "class": "axis" }));
    if (p.kind === "key" && p.axes.length > 1) {
      var r = (PLANE / 2 - MARGIN) / p.half;
      g.appendChild(svgEl("circle", { cx: o[0], cy: o[1], r: r, "class": "unit" }));
    }
    // The half-range at the ends of each axis, so a reader can tell the scale; labels avoid them.
    var end = svgEl("text", { x: hi[0] - 2, y: o[1] + 15, "class": "tick", "text-anchor": "end" });
    end.textContent = num(p.half);
    g.appendChild(end);
    p.ticks = [end];
    if (p.axes.length > 1) {
      var top = svgEl("text", { x: o[0] - 5, y: hi[1] + 10, "class": "tick", "text-anchor": "end" });
      top.textContent = num(p.half);
      g.appendChild(top);
      p.ticks.push(top);
    }
    p.svg.appendChild(g);
  }

  /** One arrow from the origin; `drag` = {number, field} makes its tip draggable. */
  function arrow(p, layer, v, kindClass, drag) {
    var x = v[p.axes[0]], y = p.axes.length > 1 ? v[p.axes[1]] : 0;
    var o = toPlane(p, 0, 0), tip = toPlane(p, x, y);
    var g = svgEl("g", { "class": "arrow " + kindClass });
    g.appendChild(svgEl("line", { x1: o[0], y1: o[1], x2: tip[0], y2: tip[1] }));
    var dx = tip[0] - o[0], dy = tip[1] - o[1], length = Math.hypot(dx, dy);
    if (length > 8) {
      var ux = dx / length, uy = dy / length, back = 10, wide = 5;
      var points = [tip[0], tip[1], tip[0] - back * ux - wide * uy, tip[1] - back * uy + wide * ux,
                    tip[0] - back * ux + wide * uy, tip[1] - back * uy - wide * ux];
      g.appendChild(svgEl("polygon", { points: points.join(" ") }));
    }
    if (drag) {
      var handle = svgEl("circle", { cx: tip[0], cy: tip[1], r: 7, "class": "handle" });
      var hit = svgEl("circle", { cx: tip[0], cy: tip[1], r: 18, "class": "hit" });
      hit.setAttribute("data-step", String(drag.number));
      hit.setAttribute("data-field", drag.field);
      g.appendChild(handle);
      g.appendChild(hit);
      hit.addEventListener("pointerdown", startDrag.bind(null, p, drag, v));
    }
    layer.appendChild(g);
    return tip;
  }

  /** Labels at the tips, one per distinct tip, moved down when they would overlap. */
  function placeLabels(p, items) {
    var byTip = {}, order = [];
    items.forEach(function (item) {
      var key = item.tip[0].toFixed(1) + "," + item.tip[1].toFixed(1);
      if (!byTip[key]) { byTip[key] = { tip: item.tip, texts: [], cls: item.cls, first: false }; order.push(key); }
      byTip[key].texts.push(item.text);
      if (item.first) byTip[key].first = true;
    });
    // The shown step's label is placed first (the best spot), then the latest ones.
    order.sort(function (a, b) { return (byTip[b].first ? 1 : 0) - (byTip[a].first ? 1 : 0); });
    // Every label is put in first and measured at (0, 0) (one layout for all of them); its
    // box at each spot around its tip is then worked out, not laid out again.
    var labels = order.map(function (key) {
      var label = svgEl("text", { "class": "label " + byTip[key].cls, x: 0, y: 0 });
      label.textContent = tipText(byTip[key].texts);
      p.svg.appendChild(label);
      return label;
    });
    var placed = (p.ticks || []).map(function (tick) { return tick.getBBox(); });
    var sizes = labels.map(function (label) { return label.getBBox(); });
    order.forEach(function (key, index) {
      var group = byTip[key], label = labels[index], measured = sizes[index];
      // Spots around the tip, nearest first: the first that overlaps nothing wins.
      var spots = [];
      [-8, 20, -22, 34, -36, 48, -50, 62].forEach(function (dy) {
        spots.push([10, dy, "start"], [-10, dy, "end"]);
      });
      if (group.tip[0] > PLANE - 80) {
        spots.sort(function (a, b) { return (a[2] === "end" ? 0 : 1) - (b[2] === "end" ? 0 : 1); });
      }
      var chosen = null;
      for (var i = 0; i < spots.length && !chosen; i++) {
        var spot = labelSpot(measured, group.tip[0] + spots[i][0], group.tip[1] + spots[i][1], spots[i][2]);
        if (!placed.some(function (b) { return overlaps(b, spot.box); })) chosen = spot;
      }
      if (!chosen) {  // a crowded plane: an arrow without a label beats two labels on each other
        p.svg.removeChild(label);
        return;
      }
      label.setAttribute("text-anchor", chosen.anchor);
      label.setAttribute("x", String(chosen.x));
      label.setAttribute("y", String(chosen.y));
      placed.push(chosen.box);
    });
  }

  /**
   * Where a label measured at (0, 0) with anchor "start" lands when put at (x, y) with
   * `anchor`, moved back inside the plane if it would be cut: {x, y, anchor, box}.
   */
  function labelSpot(measured, x, y, anchor) {
    var width = measured.width, height = measured.height;
    var left = (anchor === "end" ? x - width : x) + measured.x, top = y + measured.y;
    var dx = 0, dy = 0;
    if (left < 1) dx = 1 - left;
    else if (left + width > PLANE - 1) dx = PLANE - 1 - left - width;
    if (top < 1) dy = 1 - top;
    else if (top + height > PLANE - 1) dy = PLANE - 1 - top - height;
    return { x: x + dx, y: y + dy, anchor: anchor,
             box: { x: left + dx, y: top + dy, width: width, height: height } };
  }

  /** The label of a tip: its steps' labels, shortened to fit a plane (the timeline has them all). */
  function tipText(texts) {
    var short = texts.map(function (text) { return text.length > 16 ? text.slice(0, 15) + "…" : text; });
    if (short.length > 3) return short[0] + ", " + short[1] + " … " + short[short.length - 1] + " (" + short.length + ")";
    return short.join(", ");
  }

  function overlaps(a, b) {
    return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  }

  /** The steps a plane draws: all, or the 40 nearest the shown step (plane_base.steps_near). */
  function stepsNear(limit) {
    var last = view.step, first = 1;
    if (last > limit) first = last - limit + 1;
    var out = [];
    for (var n = first; n <= last; n++) out.push(n);
    return out;
  }

  function drawPlane(p) {
    if (p.half === null) p.half = halfRange(p.kind, p.axes);
    var half = p.half, current = view.step;
    var read = p.kind === "value" && current > 0 && replay.steps[current - 1].op === "read" &&
      !isHidden(current) ? readOf(current) : null;
    if (read) {  // the value plane at a read frames its output too
      p.axes.forEach(function (a) { half = Math.max(half, halfFor(Math.abs(read.output[a]))); });
    }
    var kept = p.half;
    p.half = half;
    try { drawArrows(p, read); } finally { p.half = kept; }
  }

  function drawArrows(p, read) {
    while (p.svg.lastChild && p.svg.lastChild.nodeName !== "title") p.svg.removeChild(p.svg.lastChild);
    p.caption.textContent = p.axes.length > 1
      ? T("components", p.axes[0] + 1, p.axes[1] + 1) : T("component", p.axes[0] + 1);
    drawAxes(p);
    var layer = svgEl("g", { "class": "arrows" });
    p.svg.appendChild(layer);
    var labels = [], current = view.step;
    stepsNear(40).forEach(function (n) {
      var step = replay.steps[n - 1], mine = n === current ? " current" : "";
      if (p.kind === "key") {
        if (step.op === "write") {
          labels.push({ tip: arrow(p, layer, step.key, "key" + mine, { number: n, field: "key" }),
                        text: step.label, cls: "key", first: n === current });
        } else if (n === current) {
          labels.push({ tip: arrow(p, layer, step.query, "query current", { number: n, field: "query" }),
                        text: step.label, cls: "query", first: true });
        }
      } else if (step.op === "write") {
        labels.push({ tip: arrow(p, layer, step.value, "value" + mine, { number: n, field: "value" }),
                      text: step.label, cls: "value", first: n === current });
      }
    });
    if (read) {
      labels.push({ tip: arrow(p, layer, read.output, "output", null), text: "y", cls: "output", first: true });
    }
    placeLabels(p, labels);
  }

  /* ---------------------------------------------------------------- drag */

  var dragging = null;

  function startDrag(p, target, vector, event) {
    if (dragging || (event.pointerType === "mouse" && event.button !== 0)) return;
    event.preventDefault();
    dragging = { plane: p, number: target.number, field: target.field, base: Array.from(vector),
                 pointer: event.pointerId };
    // The moves are followed on the window: the tip is drawn again (a new element) at each
    // move, and a pointer that leaves the plane still drags. Capture, where the browser
    // grants it, keeps the moves coming when the pointer leaves the window.
    try { event.target.setPointerCapture(event.pointerId); } catch (error) { /* not an active pointer */ }
    window.addEventListener("pointermove", moveDrag);
    window.addEventListener("pointerup", endDrag);
    window.addEventListener("pointercancel", endDrag);
  }

  function moveDrag(event) {
    if (!dragging || event.pointerId !== dragging.pointer) return;
    event.preventDefault();
    var p = dragging.plane, at = fromClient(p, event.clientX, event.clientY);
    var vector = dragging.base.slice();
    vector[p.axes[0]] = snap(p, at[0]);
    if (p.axes.length > 1) vector[p.axes[1]] = snap(p, at[1]);
    var step = replay.steps[dragging.number - 1];
    if (step[dragging.field].every(function (x, i) { return x === vector[i]; })) return;
    // A caption that wraps anew can move the plane: scroll it back under the pointer.
    var before = p.svg.getBoundingClientRect();
    set(dragging.number, dragging.field, vector, true);
    var after = p.svg.getBoundingClientRect();
    if (after.top !== before.top || after.left !== before.left) {
      window.scrollBy(after.left - before.left, after.top - before.top);
    }
  }

  function endDrag(event) {
    if (!dragging || event.pointerId !== dragging.pointer) return;
    if (event.type === "pointerup") moveDrag(event);  // where the pointer was let go
    window.removeEventListener("pointermove", moveDrag);
    window.removeEventListener("pointerup", endDrag);
    window.removeEventListener("pointercancel", endDrag);
    var p = dragging.plane;
    dragging = null;
    p.half = null;  // the plane's range follows the new vectors once the drag ends
    render();
  }

  /* ------------------------------------------------------------ heatmap */

  function cellColour(value, limit) {
    var share = limit > 0 ? Math.max(-1, Math.min(1, value / limit)) : 0;
    var a = Math.abs(share);
    // Blue for negative, orange-red for positive; white (or the panel colour) at 0.
    var hue = share < 0 ? 215 : 18;
    return "hsla(" + hue + ", 80%, " + (55 - 10 * a).toFixed(1) + "%, " + (0.12 + 0.88 * a).toFixed(3) + ")";
  }

  function drawHeatmap() {
    clear(parts.heat);
    var dk = replay.dk, dv = replay.dv, n = view.step, hidden = isHidden(n);
    var S = stateOf(n), limit = maxAbs(S);
    var stamp = null;
    if (n > 0 && replay.steps[n - 1].op === "write") stamp = writeOf(n).stamp;
    if (dk * dv > DENSE_CELLS) { drawDenseHeatmap(S, limit, stamp, hidden); return; }
    var table = el("table", "heat-table");
    var head = el("tr");
    head.appendChild(el("th", "corner", "S"));
    for (var c = 0; c < dv; c++) head.appendChild(el("th", "col", String(c + 1)));
    table.appendChild(head);
    for (var r = 0; r < dk; r++) {
      var row = el("tr");
      row.appendChild(el("th", "row", String(r + 1)));
      for (c = 0; c < dv; c++) {
        var value = S[r * dv + c];
        var cell = el("td", "cell");
        if (hidden) {
          cell.textContent = T("hidden");
          cell.className += " hidden";
        } else {
          cell.textContent = cellText(value, limit);
          cell.style.backgroundColor = cellColour(value, limit);
          cell.title = (r + 1) + ", " + (c + 1) + ": " + num(value);
          if (stamp && stamp[r * dv + c] !== 0) cell.className += " stamped";
        }
        row.appendChild(cell);
      }
      table.appendChild(row);
    }
    parts.heat.appendChild(table);
    if (hidden) parts.heat.appendChild(el("p", "small", T("hidden_state")));
  }

  /** Past this many cells, S is drawn as a picture: no room for numbers, and a table of
   * 4,096 cells costs the browser a quarter of a second at each layout. */
  var DENSE_CELLS = 256;

  /** A large S as coloured squares on a canvas; the cell under the pointer is named below it. */
  function drawDenseHeatmap(S, limit, stamp, hidden) {
    var dk = replay.dk, dv = replay.dv;
    var size = Math.max(3, Math.min(10, Math.floor(300 / Math.max(dk, dv))));
    var canvas = el("canvas", "heat-canvas");
    canvas.width = dv * size;
    canvas.height = dk * size;
    canvas.setAttribute("role", "img");
    canvas.setAttribute("aria-label", T("state") + " (" + dk + " × " + dv + ")");
    var paint = canvas.getContext("2d");
    for (var r = 0; r < dk; r++) {
      for (var c = 0; c < dv; c++) {
        paint.fillStyle = hidden ? "rgba(128, 128, 128, 0.25)" : cellColour(S[r * dv + c], limit);
        paint.fillRect(c * size, r * size, size, size);
      }
    }
    parts.heat.appendChild(canvas);
    var named = el("p", "small heat-cell", hidden ? T("hidden_state") : T("heat_point"));
    parts.heat.appendChild(named);
    if (hidden) return;
    canvas.addEventListener("pointermove", function (event) {
      var box = canvas.getBoundingClientRect();
      var c = Math.floor((event.clientX - box.left) / box.width * dv);
      var r = Math.floor((event.clientY - box.top) / box.height * dk);
      if (r < 0 || c < 0 || r >= dk || c >= dv) return;
      named.textContent = T("heat_cell", r + 1, c + 1, num(S[r * dv + c]));
    });
  }

  /* ----------------------------------------------------- equation, readout */

  function line(container, text, className) {
    var p = el("p", className || "eq", unbroken(text));
    container.appendChild(p);
    return p;
  }

  function drawEquation() {
    var box = parts.equation, n = view.step;
    clear(box);
    if (n === 0) { line(box, T("eq_empty")); return; }
    var step = replay.steps[n - 1];
    if (step.op === "write") {
      var w = writeOf(n), params = replay.parameters(n);
      line(box, T("eq_" + replay.rule.name), "formula");
      var given = "k = " + written(step.key) + (FRENCH ? " ; " : ", ") + "v = " + written(step.value);
      if (params[0] !== null && replay.decays) given += (FRENCH ? " ; " : ", ") + "α = " + num(params[0]);
      if (params[1] !== null && replay.corrects) given += (FRENCH ? " ; " : ", ") + "β = " + num(params[1]);
      line(box, given);
      if (doc.feature_map !== "identity") line(box, "φ(k) = " + vec(w.phiKey));
      if (w.decay !== 1) line(box, T("eq_decay", num(w.decay)));
      if (replay.corrects) line(box, T("eq_removed", writeVec(removedBy(n, w), step, w)));
      line(box, T("eq_u", writeVec(w.effective, step, w)));
      line(box, T("eq_stamp", stampMat(step, w)));
      line(box, "S = " + mat(w.state));
      return;
    }
    var read = readOf(n);
    line(box, T(replay.normalize ? "eq_read_normalised" : "eq_read"), "formula");
    line(box, "q = " + written(step.query));
    if (doc.feature_map !== "identity") line(box, "φ(q) = " + vec(read.phiQuery));
    if (read.denominator !== null) line(box, T("eq_denominator", num(read.denominator)));
    line(box, T("eq_output", isHidden(n) ? T("hidden") : readVec(read.output, read)));
  }

  function pair(container, name, value, className) {
    var row = el("div", "pair " + (className || ""));
    row.appendChild(el("span", "pair-name", name));
    row.appendChild(el("span", "pair-value", unbroken(value)));
    container.appendChild(row);
  }

  function drawReadout() {
    var box = parts.readout, n = view.step;
    clear(box);
    if (n === 0 || replay.steps[n - 1].op !== "read") { box.appendChild(el("p", "small", T("readout_write"))); return; }
    var read = readOf(n), hidden = isHidden(n);
    pair(box, T("output"), hidden ? T("hidden") : readVec(read.output, read), "output");
    if (read.target !== null) {
      pair(box, T("target"), hidden ? T("hidden") : read.target);
      pair(box, T("expected"), hidden ? T("hidden") : written(read.expected));
    } else {
      // As the window's readout words it: a tie, writes that all weigh 0, or none at all.
      var none = read.tied.length ? T("no_target", read.tied.join(", "))
        : read.writes.length ? T("no_target_zero") : T("no_target_none");
      pair(box, T("target"), hidden ? T("hidden") : none);
    }
    if (hidden) return;
    if (read.errorParts) {
      // The one account of the error (replay.js errorParts, the model's error_parts).
      box.appendChild(el("h3", "sub", T("parts")));
      pair(box, T("part_total"), readVec(read.interference, read) + " · " + verdict(read), "total");
      var shares = R.shares(read.errorParts.map(function (part) { return part.vector; }));
      var measured = shares.some(function (x) { return x > 0; });  // a part not all zeros
      var floor = 1e-5 * Math.max(maxAbs(read.output), maxAbs(read.expected));
      read.errorParts.forEach(function (part, i) {
        // As the app's readout: a part that prints as zero is not named (pure decay
        // has a crosstalk entry of zeros, and it is no crosstalk).
        if (maxAbs(part.vector) <= floor) return;
        var share = measured ? " (" + percent(shares[i]) + ")" : "";
        pair(box, T("part_" + part.name), readVec(part.vector, read) + share, "part");
        box.lastChild.title = T("words_" + part.name);
      });
      box.appendChild(el("p", "small", T("share_words")));
    }
    box.appendChild(el("h3", "sub", T("terms")));
    var table = el("table", "terms");
    var head = el("tr");
    [T("term_write"), T("term_weight"), T("term_value"), T("term_term")].forEach(function (h, i) {
      head.appendChild(el("th", i === 2 ? "value-col" : null, h));
    });
    table.appendChild(head);
    var shown = largestTerms(read, 12);
    shown.forEach(function (i) {
      var row = el("tr", i === read.targetIndex ? "target-row" : "");
      row.appendChild(el("td", "label-cell", read.labels[i]));
      row.appendChild(el("td", "number", weightText(read, i)));
      row.appendChild(el("td", "number value-col", unbroken(readVec(read.effective[i], read))));
      row.appendChild(el("td", "number", unbroken(readVec(read.terms[i], read))));
      table.appendChild(row);
    });
    var sum = el("tr", "sum-row");
    sum.appendChild(el("td", null, T("term_sum")));
    sum.appendChild(el("td"));
    sum.appendChild(el("td", "value-col"));
    sum.appendChild(el("td", "number", unbroken(readVec(read.output, read))));
    table.appendChild(sum);
    box.appendChild(table);
    if (shown.length < read.weights.length) {
      box.appendChild(el("p", "small", T("more_terms", read.weights.length - shown.length, shown.length)));
    }
  }

  /* --------------------------------------------------------------- story */

  function storyText(node, template, number, part) {
    var text = lessonText(template);
    node.hidden = !text;
    node.textContent = text ? spaced(unbroken(renderCaption(text, number))) : "";
    var stale = !!text && (view.stale[(number ? replay.steps[number - 1].label : "") + "/" + part] ||
      (view.edited && number > 0 && shippedPrints[number] !== undefined && statesOwnNumbers(text) &&
       fingerprint(number) !== shippedPrints[number]));
    return stale;
  }

  function drawStory() {
    var n = view.step, step = n > 0 ? replay.steps[n - 1] : null;
    var stale = false;
    if (parts.lessonCaption) parts.lessonCaption.textContent = spaced(unbroken(renderCaption(lessonText(doc.caption), null)));
    stale = storyText(parts.caption, step ? step.caption : doc.caption, n || null, "caption") || stale;
    if (!step) { parts.caption.hidden = false; if (!parts.caption.textContent) parts.caption.textContent = T("empty_memory"); }
    stale = storyText(parts.question, step ? step.question : null, n, "question") || stale;
    if (step && lessonText(step.question)) {
      // "Question: …", in French "Question : …" (a space before the colon).
      parts.question.textContent = T("question") + (FRENCH ? "\u00a0: " : ": ") + parts.question.textContent;
    }
    stale = storyText(parts.notes, step ? step.notes : null, n, "notes") || stale;
    parts.notesBox.hidden = parts.notes.hidden;
    // Kept in the layout when not shown: its line appearing must not move the planes.
    parts.captionStale.style.visibility = stale ? "visible" : "hidden";
  }

  /* ------------------------------------------------------------- render */

  function render() {
    memo = {};
    var n = view.step;
    parts.position.textContent = n === 0 ? T("empty_memory")
      : T("step_of", grouped(n), grouped(COUNT)) + " · " + T(replay.steps[n - 1].op) + " "
        + replay.steps[n - 1].label;
    parts.previous.disabled = n <= 0;
    parts.next.disabled = n >= COUNT;
    parts.reveal.hidden = !isHidden(n);
    parts.hide.setAttribute("aria-pressed", view.hide ? "true" : "false");
    parts.hide.classList.toggle("on", view.hide);
    parts.slider.value = String(n);
    parts.chips.forEach(function (chip, i) {
      chip.classList.toggle("current", i === n);
      if (i === n) chip.setAttribute("aria-current", "step"); else chip.removeAttribute("aria-current");
    });
    parts.edited.hidden = !view.edited;
    drawStory();
    drawHeatmap();
    drawEquation();
    drawPlane(parts.keyPlane);
    drawPlane(parts.valuePlane);
    drawReadout();
  }

  function go(number) {
    number = Math.max(0, Math.min(COUNT, Math.round(Number(number))));
    if (isNaN(number)) return view.step;
    view.step = number;
    render();
    var chip = parts.chips[number];
    if (chip && chip.scrollIntoView) chip.scrollIntoView({ block: "nearest", inline: "nearest" });
    return view.step;
  }

  function set(number, field, vector, keepRange) {
    replay.set(number, field, vector);
    memo = {};
    view.edited = true;
    if (!keepRange) { parts.keyPlane.half = null; parts.valuePlane.half = null; }
    render();
  }

  function hideOutputs(on) {
    view.hide = !!on;
    view.revealed = {};
    render();
  }

  function reveal(number) {
    number = number === undefined ? view.step : number;
    if (isHidden(number)) view.revealed[replay.steps[number - 1].label] = true;
    render();
  }

  function setTheme(theme) {
    document.body.classList.remove("theme-" + view.theme);
    view.theme = theme;
    document.body.classList.add("theme-" + theme);
    parts.theme.textContent = T("theme_button", T("theme_" + theme));
    render();
  }

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var tag = event.target && event.target.tagName;
    if (tag === "SELECT" || tag === "TEXTAREA") return;
    var moves = { ArrowLeft: -1, PageUp: -1, ArrowRight: 1, PageDown: 1 };
    if (event.key in moves) { go(view.step + moves[event.key]); event.preventDefault(); }
    else if (event.key === "Home") { go(0); event.preventDefault(); }
    else if (event.key === "End") { go(COUNT); event.preventDefault(); }
  });

  build();
  // What each step showed as shipped, for the steps whose texts state numbers of their own.
  for (var number = 1; number <= COUNT; number++) {
    var texts = [replay.steps[number - 1].caption, replay.steps[number - 1].notes, replay.steps[number - 1].question];
    if (texts.some(function (t) { return t && statesOwnNumbers(lessonText(t)); })) shippedPrints[number] = fingerprint(number);
  }
  render();

  window.linviz = {
    /** The `linviz trace --json` document for the scenario as it is now (edits included). */
    trace: function (options) { return replay.trace(options); },
    /** Set step `number`'s "key", "value" (writes) or "query" (reads) to `vector` (1-based). */
    set: function (number, field, vector) { set(number, field, vector, false); },
    /** Show step `number` (0: the empty memory); returns the step shown. */
    go: go,
    /** The step shown. */
    step: function () { return view.step; },
    hideOutputs: hideOutputs,
    reveal: reveal,
    setTheme: setTheme,
    /** A text of numbers as the page shows it (each sign a real minus; French commas). */
    localised: localised,
    /** Running text as the page sets it (no-break spaces, as the app's typography.spaced). */
    spaced: spaced
  };
})();
