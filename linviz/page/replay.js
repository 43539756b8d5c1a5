/* linviz replay: the same arithmetic as the Python model, in plain JavaScript.
 *
 * This file is the JavaScript twin of linviz/model/kernel.py, replay.py and
 * readout.py. The page computes every number it shows after a drag here, and
 * the test suite checks that it agrees with the Python model to 1e-9.
 *
 * Every rule has the shape   S_t = decay_t · S_{t-1} + φ(k_t) u_tᵀ,   z_t = z_{t-1} + φ(k_t):
 *   additive     decay = 1, u = v
 *   gated        decay = α, u = v
 *   delta        decay = 1, u = β (v − Sᵀφ(k))
 *   gated_delta  decay = α, u = β (v − α Sᵀφ(k))
 * so every read y = φ(q)ᵀS (/ (φ(q)ᵀz + ε) with the normaliser) is exactly one term per
 * earlier write, w_i · ũ_i. Matrices are Float64Array, row-major, d_k rows of d_v.
 * Steps are numbered from 1 as people count; step 0 is the empty memory.
 */
(function (root) {
  "use strict";

  /** The paper's epsilon in the normalised read (linviz.model.limits.NORMALISER_EPS). */
  var NORMALISER_EPS = 1e-6;
  /** Cosines closer than this count as equal (readout.TIE_TOLERANCE). */
  var TIE_TOLERANCE = 1e-12;
  /** A read is exact when it prints like its target's value (readout.EXACT_SHARE). */
  var EXACT_SHARE = 1e-5;
  /** Steps between two kept copies of (S, z): bounded work for any step. */
  var CHECKPOINT_EVERY = 128;

  /** The feature map φ called `name`, as linviz.model.features defines it. */
  function featureMap(name) {
    if (name === "identity") {
      return function (x) { return Float64Array.from(x); };
    }
    if (name === "elu+1") {
      return function (x) {
        var out = new Float64Array(x.length);
        for (var i = 0; i < x.length; i++) out[i] = x[i] > 0 ? x[i] + 1 : Math.exp(Math.min(x[i], 0));
        return out;
      };
    }
    if (name === "relu") {
      return function (x) {
        var out = new Float64Array(x.length);
        for (var i = 0; i < x.length; i++) out[i] = Math.max(x[i], 0);
        return out;
      };
    }
    throw new Error("unknown feature map " + name);
  }

  function dot(a, b) {
    var s = 0;
    for (var i = 0; i < a.length; i++) s += a[i] * b[i];
    return s;
  }

  function norm(a) { return Math.sqrt(dot(a, a)); }

  // Sizes and cosines measured on a vector scaled by a power of two (linviz.model.norms):
  // entries of 1e200 square past the floats, and a plain norm of them is Infinity.
  var SAFE_LOW = Math.pow(2, -480), SAFE_HIGH = Math.pow(2, 480);

  /** a times 2^-e (exact: two steps, each factor a normal float), and e; e = 0 in the safe range. */
  function scaled(a) {
    var largest = 0;
    for (var i = 0; i < a.length; i++) largest = Math.max(largest, Math.abs(a[i]));
    if (!(largest > 0) || !isFinite(largest) || (largest > SAFE_LOW && largest < SAFE_HIGH)) {
      return { vector: a, exponent: 0 };
    }
    var e = Math.floor(Math.log2(largest)) + 1;  // frexp's: largest = m·2^e, 0.5 <= m < 1
    if (timesPowerOfTwo(largest, -e) >= 1) e += 1;
    else if (timesPowerOfTwo(largest, -e) < 0.5) e -= 1;
    return { vector: Array.prototype.map.call(a, function (x) { return timesPowerOfTwo(x, -e); }),
             exponent: e };
  }

  function timesPowerOfTwo(x, e) {
    var half = Math.trunc(e / 2);
    return x * Math.pow(2, half) * Math.pow(2, e - half);
  }

  /** ‖a‖, Infinity only when the norm itself is beyond the floats (model.norms.vector_norm). */
  function size(a) {
    var s = scaled(a);
    return timesPowerOfTwo(norm(s.vector), s.exponent);
  }

  /** Each vector's share of their sizes' sum, in [0, 1] (0s when all are zero), measured on
   *  the vectors divided by their largest entry (ErrorParts.shares). */
  function shares(vectors) {
    var largest = 0;
    vectors.forEach(function (v) {
      for (var i = 0; i < v.length; i++) largest = Math.max(largest, Math.abs(v[i]));
    });
    if (!(largest > 0) || !isFinite(largest)) return vectors.map(function () { return 0; });
    var sizes = vectors.map(function (v) {
      return size(Array.prototype.map.call(v, function (x) { return x / largest; }));
    });
    var total = sizes.reduce(function (a, b) { return a + b; }, 0);
    return sizes.map(function (x) { return total > 0 ? x / total : 0; });
  }

  /** The cosine of a and b, null when either is zero (model.norms.cosine). */
  function cosine(a, b) {
    var x = scaled(a).vector, y = scaled(b).vector, norms = norm(x) * norm(y);
    return norms > 0 ? dot(x, y) / norms : null;
  }

  /** ``true`` when every component of a equals b's (a reused stored key). */
  function same_(a, b) {
    for (var i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }

  /** Plain arrays for JSON; -0 becomes 0 as in linviz.model.report._plain. */
  function plain(v) {
    var out = new Array(v.length);
    for (var i = 0; i < v.length; i++) out[i] = v[i] + 0;
    return out;
  }

  function rows(matrix, dk, dv) {
    var out = [];
    for (var r = 0; r < dk; r++) out.push(plain(matrix.subarray(r * dv, (r + 1) * dv)));
    return out;
  }

  /**
   * A replayable scenario: the embedded document, with edits and cached states.
   *
   * `doc` is the scenario as linviz writes it (scenario_to_dict): d_k, d_v,
   * feature_map, normalize, rule {name, alpha?, beta?}, steps [{op, key, value |
   * query, label, target?, alpha?, beta?, …}]. Every label is already filled in.
   */
  function Replay(doc) {
    this.doc = doc;
    this.dk = doc.d_k;
    this.dv = doc.d_v;
    this.phi = featureMap(doc.feature_map || "identity");
    this.normalize = !!doc.normalize;
    var rule = doc.rule || { name: "additive" };
    this.rule = rule;
    this.decays = rule.name === "gated" || rule.name === "gated_delta";
    this.corrects = rule.name === "delta" || rule.name === "gated_delta";
    this.steps = doc.steps;
    this.count = doc.steps.length;
    this.numberOf = {};
    for (var i = 0; i < this.count; i++) this.numberOf[this.steps[i].label] = i + 1;
    this.reset();
  }

  /** Forget every derived number (after an edit of the writes). */
  Replay.prototype.reset = function () {
    var n = this.count;
    this.phiVectors = new Array(n);  // φ of each step's key or query, made on demand
    this.effective = new Array(n);   // u of each write, filled as the replay meets it
    this.checkpoints = [{ S: new Float64Array(this.dk * this.dv), z: new Float64Array(this.dk) }];
  };

  /** The (α, β) in force at write `number`: its own override, else the rule's. */
  Replay.prototype.parameters = function (number) {
    var step = this.steps[number - 1];
    var alpha = step.alpha !== undefined ? step.alpha : this.rule.alpha;
    var beta = step.beta !== undefined ? step.beta : this.rule.beta;
    return [alpha === undefined ? null : alpha, beta === undefined ? null : beta];
  };

  Replay.prototype.isWrite = function (number) { return this.steps[number - 1].op === "write"; };

  Replay.prototype.vectorOf = function (number) {
    var step = this.steps[number - 1];
    return step.op === "write" ? step.key : step.query;
  };

  /** φ(k) or φ(q) of step `number` (kept until that step is edited). */
  Replay.prototype.phiOf = function (number) {
    var kept = this.phiVectors[number - 1];
    if (!kept) kept = this.phiVectors[number - 1] = this.phi(this.vectorOf(number));
    return kept;
  };

  /** The decay write `number` scales the old state by (1 without a decay). */
  Replay.prototype.decayOf = function (number) {
    return this.decays ? this.parameters(number)[0] : 1;
  };

  /**
   * Apply steps from+1 .. to to (S, z) in place, recording each write's u.
   * The one place where writes change the memory (kernel.apply_writes).
   */
  Replay.prototype.advance = function (S, z, from, to) {
    var dk = this.dk, dv = this.dv;
    for (var n = from + 1; n <= to; n++) {
      var step = this.steps[n - 1];
      if (step.op !== "write") continue;
      var key = this.phiOf(n), value = step.value, decay = this.decayOf(n);
      var u = new Float64Array(dv), r, c;
      if (this.normalize) for (r = 0; r < dk; r++) z[r] += key[r];
      if (this.corrects) {
        // u = β (v − decay · Sᵀφ(k)): what the key retrieves, after the decay.
        var beta = this.parameters(n)[1];
        var retrieved = new Float64Array(dv);
        for (c = 0; c < dv; c++) {
          var s = 0;
          for (r = 0; r < dk; r++) s += S[r * dv + c] * key[r];
          retrieved[c] = s;
        }
        if (decay !== 1) {
          for (var i = 0; i < S.length; i++) S[i] *= decay;
          for (c = 0; c < dv; c++) retrieved[c] *= decay;
        }
        for (c = 0; c < dv; c++) u[c] = beta * (value[c] - retrieved[c]);
      } else {
        if (decay !== 1) for (var j = 0; j < S.length; j++) S[j] *= decay;
        for (c = 0; c < dv; c++) u[c] = value[c];
      }
      for (r = 0; r < dk; r++) {
        var kr = key[r];
        if (kr === 0) continue;
        for (c = 0; c < dv; c++) S[r * dv + c] += kr * u[c];
      }
      this.effective[n - 1] = u;
    }
  };

  /** (S, z) after the first t steps, as fresh arrays. */
  Replay.prototype.stateAndNormaliser = function (t) {
    if (!(t >= 0 && t <= this.count)) throw new RangeError("no step " + t);
    var K = CHECKPOINT_EVERY, segment = Math.floor(t / K), kept = this.checkpoints;
    while (kept.length <= segment) {
      var last = kept.length - 1;
      var S = Float64Array.from(kept[last].S), z = Float64Array.from(kept[last].z);
      this.advance(S, z, last * K, Math.min((last + 1) * K, this.count));
      kept.push({ S: S, z: z });
    }
    var state = Float64Array.from(kept[segment].S), normaliser = Float64Array.from(kept[segment].z);
    this.advance(state, normaliser, segment * K, t);
    return { S: state, z: normaliser };
  };

  Replay.prototype.state = function (t) { return this.stateAndNormaliser(t).S; };

  /** The effective value u of write `number` (replaying up to it if need be). */
  Replay.prototype.effectiveOf = function (number) {
    if (!this.effective[number - 1]) this.stateAndNormaliser(number);
    return this.effective[number - 1];
  };

  /**
   * Change one vector of a step: field "key" or "value" of a write, "query" of a read.
   * Throws on a step or field that does not exist or a vector of the wrong size.
   */
  Replay.prototype.set = function (number, field, vector) {
    if (!(Number.isInteger(number) && number >= 1 && number <= this.count)) {
      throw new RangeError("there is no step " + number + ": steps are 1 to " + this.count);
    }
    var step = this.steps[number - 1];
    var fields = step.op === "write" ? ["key", "value"] : ["query"];
    if (fields.indexOf(field) < 0) {
      throw new Error("step " + number + " is a " + step.op + ": its fields are " + fields.join(", "));
    }
    var size = field === "value" ? this.dv : this.dk;
    if (!vector || vector.length !== size) {
      throw new Error("step " + number + ": " + field + " needs " + size + " components");
    }
    var numbers = [];
    for (var i = 0; i < size; i++) {
      var x = Number(vector[i]);
      if (!isFinite(x)) throw new Error("step " + number + ": " + field + " must be finite numbers");
      numbers.push(x + 0);
    }
    step[field] = numbers;
    this.phiVectors[number - 1] = undefined;
    if (step.op !== "write") return;  // a read changes no state
    // Every state from this step on is stale; so is every later u under a delta rule.
    var keep = Math.floor((number - 1) / CHECKPOINT_EVERY) + 1;
    this.checkpoints.length = Math.min(this.checkpoints.length, keep);
    for (var n = number; n <= this.count; n++) {
      if (n === number || this.corrects) this.effective[n - 1] = undefined;
    }
  };

  /** For each write number in `numbers` (≤ t): the product of the decays of the writes after it. */
  Replay.prototype.laterFactors = function (numbers) {
    var later = new Float64Array(numbers.length);
    var product = 1;
    for (var i = numbers.length - 1; i >= 0; i--) {
      later[i] = product;
      product *= this.decayOf(numbers[i]);
    }
    return later;
  };

  /** The latest write before read `number` whose φ(k) has the largest cosine with φ(q). */
  Replay.prototype.targetChoice = function (number, writes) {
    var step = this.steps[number - 1];
    if (step.target !== undefined && step.target !== null) return { target: step.target, tied: [] };
    if (!writes.length) return { target: null, tied: [] };
    var query = this.phiOf(number);
    var sims = new Float64Array(writes.length), best = -Infinity;
    for (var i = 0; i < writes.length; i++) {
      // Measured on scaled vectors (readout.most_similar at any size): a query of
      // [1e-308, 0] has a plain norm of 0, and a key of 1e308s one of Infinity.
      var similarity = cosine(this.phiOf(writes[i]), query);
      sims[i] = similarity === null ? -Infinity : similarity;
      if (sims[i] > best) best = sims[i];
    }
    if (best === -Infinity) return { target: null, tied: [] };
    var candidates = [];
    for (var j = 0; j < writes.length; j++) if (sims[j] >= best - TIE_TOLERANCE) candidates.push(writes[j]);
    var last = this.phiOf(candidates[candidates.length - 1]);
    var reused = candidates.every(function (n) { return same_(this.phiOf(n), last); }, this);
    if (!reused) {
      return { target: null, tied: candidates.map(function (n) { return this.steps[n - 1].label; }, this) };
    }
    return { target: this.steps[candidates[candidates.length - 1] - 1].label, tied: [] };
  };

  /** Whether `output` prints like `expected` (readout.is_exact). */
  function isExact(output, expected) {
    var scale = 0, gap = 0;
    for (var i = 0; i < output.length; i++) {
      scale = Math.max(scale, Math.abs(output[i]), Math.abs(expected[i]));
      gap = Math.max(gap, Math.abs(output[i] - expected[i]));
    }
    return gap <= EXACT_SHARE * scale;
  }

  /**
   * Read `number` and its exact decomposition (readout.read_result).
   *
   * Returns {number, label, phiQuery, output, denominator, writes (step numbers),
   * labels, weights, terms (w_i ũ_i), effective (ũ_i), target, tied, expected,
   * interference, exact, targetIndex, ownValue, crosstalk, state}.
   */
  Replay.prototype.read = function (number) {
    var step = this.steps[number - 1];
    if (step.op !== "read") throw new Error("step " + number + " is a write, not a read");
    var dv = this.dv, dk = this.dk;
    var sz = this.stateAndNormaliser(number), S = sz.S;
    var query = this.phiOf(number);
    var writes = [];
    for (var n = 1; n < number; n++) if (this.steps[n - 1].op === "write") writes.push(n);
    var denominator = null;
    if (this.normalize) denominator = dot(query, sz.z) + NORMALISER_EPS;
    var output = new Float64Array(dv);
    for (var c = 0; c < dv; c++) {
      var s = 0;
      for (var r = 0; r < dk; r++) s += query[r] * S[r * dv + c];
      output[c] = denominator === null ? s : s / denominator;
    }
    var later = this.decays ? this.laterFactors(writes) : null;
    var weights = new Float64Array(writes.length), terms = [], effective = [];
    for (var i = 0; i < writes.length; i++) {
      var w = dot(this.phiOf(writes[i]), query);
      if (denominator !== null) w = w / denominator;
      weights[i] = w;
      var u = this.effectiveOf(writes[i]), ul = new Float64Array(dv), term = new Float64Array(dv);
      for (var j = 0; j < dv; j++) {
        ul[j] = later ? u[j] * later[i] : u[j];
        term[j] = w * ul[j];
      }
      effective.push(ul);
      terms.push(term);
    }
    var choice = this.targetChoice(number, writes);
    var result = {
      number: number, label: step.label, query: step.query, phiQuery: query, output: output,
      denominator: denominator, writes: writes,
      labels: writes.map(function (m) { return this.steps[m - 1].label; }, this),
      weights: weights, terms: terms, effective: effective,
      target: choice.target, tied: choice.tied, expected: null, interference: null,
      exact: false, targetIndex: null, ownValue: null, crosstalk: null, state: S, normaliser: sz.z,
      later: later, errorParts: null
    };
    if (choice.target === null) return result;
    var targetNumber = this.numberOf[choice.target];
    var index = writes.indexOf(targetNumber);
    var expected = Float64Array.from(this.steps[targetNumber - 1].value);
    // What the target's write set out to add (β v under a delta rule), weighed and decayed as its term.
    var beta = this.corrects ? this.parameters(targetNumber)[1] : 1;
    var own = new Float64Array(dv), interference = new Float64Array(dv), crosstalk = new Float64Array(dv);
    for (var k = 0; k < dv; k++) {
      var written = this.corrects ? beta * expected[k] : expected[k];
      if (later && index >= 0) written = written * later[index];
      own[k] = index >= 0 ? weights[index] * written : 0;
      interference[k] = output[k] - expected[k];
      crosstalk[k] = output[k] - own[k];
    }
    result.targetIndex = index >= 0 ? index : null;
    result.expected = expected;
    result.interference = interference;
    result.ownValue = own;
    result.crosstalk = crosstalk;
    result.exact = isExact(output, expected);
    if (result.targetIndex !== null) result.errorParts = this.errorParts(result);
    return result;
  };

  /** The parts, in the order they are listed (error_parts.PART_NAMES). */
  var PART_NAMES = ["crosstalk", "not_overwritten", "forgetting", "own_scale", "normaliser"];

  /**
   * A read's error y − v_target as its named parts, which add up to it: the port of
   * linviz.model.error_parts (its docstring is the definition, formula by formula).
   *
   * With a = φ(q)·φ(k_t), D the normaliser's divisor (1 without), w = a / D, L the
   * decays after the target, κ = ‖φ(k_t)‖², β the target's (1 without a delta rule)
   * and R the decayed effective values of earlier writes under the target's own key:
   *   own_scale        (a − 1) v, plus a (β − 1) v under a delta rule when R is empty
   *   forgetting       a β (L − 1) v
   *   normaliser       a β L (1/D − 1) v
   *   not_overwritten  w (1 − β κ) R (+ a (β − 1) v under a delta rule)
   *   crosstalk        Σ_{other j} (w_j − [delta, j < t] w β φ(k_t)·φ(k_j)) ũ_j
   * Returns a list of {name, vector}, or null for a read without a target.
   */
  Replay.prototype.errorParts = function (read) {
    var index = read.targetIndex;
    if (index === null) return null;
    var dv = this.dv, target = read.writes[index], phiTarget = this.phiOf(target);
    var beta = this.corrects ? this.parameters(target)[1] : null;
    var b = beta === null ? 1 : beta;
    var targetWeight = read.weights[index];
    var sameSum = new Float64Array(dv), same = 0, crosstalk = new Float64Array(dv), j;
    for (var i = 0; i < read.writes.length; i++) {
      var key = this.phiOf(read.writes[i]), values = read.effective[i];
      var under = i < index && same_(key, phiTarget);
      if (under) {
        same++;
        for (j = 0; j < dv; j++) sameSum[j] += values[j];
      }
      var coefficient = !under && i !== index ? read.weights[i] : 0;
      if (beta !== null && !under && i < index) coefficient -= targetWeight * beta * dot(key, phiTarget);
      for (j = 0; j < dv; j++) crosstalk[j] += coefficient * values[j];
    }
    var later = read.later ? read.later[index] : 1;
    var raw = dot(read.phiQuery, phiTarget), v = read.expected;
    var scale = read.denominator !== null ? 1 / read.denominator : 1;
    var weight = raw * scale, keySquare = dot(phiTarget, phiTarget);
    var ownScale = new Float64Array(dv), left = null;
    var forgetting = new Float64Array(dv), normaliser = new Float64Array(dv);
    for (j = 0; j < dv; j++) {
      ownScale[j] = (raw - 1) * v[j];
      forgetting[j] = raw * b * (later - 1) * v[j];
      normaliser[j] = raw * b * later * (scale - 1) * v[j];
    }
    if (same) {
      var kept = 1 - (beta !== null ? b * keySquare : 0);
      left = new Float64Array(dv);
      for (j = 0; j < dv; j++) {
        left[j] = weight * kept * sameSum[j];
        if (beta !== null) left[j] = left[j] + raw * (b - 1) * v[j];
      }
    } else if (beta !== null) {
      for (j = 0; j < dv; j++) ownScale[j] = ownScale[j] + raw * (b - 1) * v[j];
    }
    var found = {};
    if (read.writes.length - 1 - same > 0) found.crosstalk = crosstalk;
    if (left !== null) found.not_overwritten = left;
    if (this.decays) found.forgetting = forgetting;
    if (Array.prototype.some.call(ownScale, function (x) { return x !== 0; })) found.own_scale = ownScale;
    if (read.denominator !== null) found.normaliser = normaliser;
    return PART_NAMES.filter(function (name) { return name in found; })
      .map(function (name) { return { name: name, vector: found[name] }; });
  };

  /** What write `number` did: {phiKey, decay, effective, stamp, before, state}. */
  Replay.prototype.write = function (number) {
    var step = this.steps[number - 1];
    if (step.op !== "write") throw new Error("step " + number + " is a read, not a write");
    var before = this.state(number - 1), after = this.state(number);
    var key = this.phiOf(number), u = this.effectiveOf(number), dv = this.dv;
    var stamp = new Float64Array(this.dk * dv);
    for (var r = 0; r < this.dk; r++) for (var c = 0; c < dv; c++) stamp[r * dv + c] = key[r] * u[c];
    return { number: number, label: step.label, phiKey: key, decay: this.decayOf(number),
             effective: u, stamp: stamp, before: before, state: after };
  };

  /**
   * The document `linviz trace --json` prints (linviz.model.report.step_object), for
   * the scenario as it is now. options.contributions === false leaves out the terms.
   */
  Replay.prototype.trace = function (options) {
    var withTerms = !(options && options.contributions === false);
    var dk = this.dk, dv = this.dv, steps = [];
    var S = new Float64Array(dk * dv), z = new Float64Array(dk);
    for (var n = 1; n <= this.count; n++) {
      var step = this.steps[n - 1];
      if (step.op === "write") {
        this.advance(S, z, n - 1, n);
        var key = this.phiOf(n), u = this.effective[n - 1], stamp = [];
        for (var r = 0; r < dk; r++) {
          var row = new Array(dv);
          for (var c = 0; c < dv; c++) row[c] = key[r] * u[c] + 0;
          stamp.push(row);
        }
        var write = { index: n, op: "write", label: step.label, key: plain(step.key),
                      value: plain(step.value) };
        // The parameters in force at this write, those the rule uses (as trace --json lists them).
        var params = this.parameters(n);
        if (this.decays) write.alpha = params[0];
        if (this.corrects) write.beta = params[1];
        write.stamp = stamp;
        write.state = rows(S, dk, dv);
        steps.push(write);
        continue;
      }
      var read = this.read(n);
      var contributions = [];
      if (withTerms) {
        for (var i = 0; i < read.writes.length; i++) {
          contributions.push({ label: read.labels[i], weight: read.weights[i] + 0, term: plain(read.terms[i]) });
        }
      }
      steps.push({
        index: n, op: "read", label: step.label, query: plain(step.query), output: plain(read.output),
        target: read.target, tied: read.tied.slice(),
        expected: read.expected ? plain(read.expected) : null,
        interference: read.interference ? plain(read.interference) : null,
        error_parts: read.errorParts ? partsObject(read.errorParts) : null,
        contributions: contributions, state: rows(read.state, dk, dv)
      });
    }
    return { d_k: dk, d_v: dv, steps: steps };
  };

  /** The "error_parts" object of `linviz trace --json`: {name: vector}, in PART_NAMES order. */
  function partsObject(parts) {
    var out = {};
    parts.forEach(function (part) { out[part.name] = plain(part.vector); });
    return out;
  }

  root.LinvizReplay = { Replay: Replay, featureMap: featureMap, isExact: isExact, dot: dot, norm: norm,
                        size: size, cosine: cosine, shares: shares,
                        NORMALISER_EPS: NORMALISER_EPS, CHECKPOINT_EVERY: CHECKPOINT_EVERY,
                        PART_NAMES: PART_NAMES };
})(typeof window !== "undefined" ? window : globalThis);
