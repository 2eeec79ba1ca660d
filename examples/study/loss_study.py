#!/usr/bin/env python3
"""A small study through the command line, as a researcher would script one.

Question: how much of TCP's goodput does a lost data burst cost on paper 000's network, and
what does one loss do to the window? Two steps, both with the project's CLI (npx obs-sim):

1. A sweep of the data-burst drop probability, 0 to 1 %, several seeds per point
   (docs/sweeps.md): goodput normalised to the lossless point, with its 95 % interval.
2. One run at 1 % with --trace (docs/summary.md, "Traces"): tcp1's congestion window over
   time, with the data bursts it lost and its fast retransmits and timeouts marked.

The figure goes to OUT/loss_study.png, the CSV files beside it. Run from anywhere:

    python3 examples/study/loss_study.py OUT [--seeds N] [--duration S]

Needs python3 with pandas and matplotlib (scripts/setup-system.sh installs Debian's, for
/usr/bin/python3) and the project's node modules (npm ci).
"""
import argparse
import json
import pathlib
import subprocess
import sys

import matplotlib

matplotlib.use("Agg")  # files only, no display
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
OBS_SIM = ["node", str(ROOT / "packages/cli/bin/obs-sim.mjs")]
PRESET = ROOT / "packages/scenario/presets/paper000-lobs.json"


def obs_sim(*args, stdout=None):
    """Runs obs-sim; its one-line refusal, if any, ends the study with that line."""
    done = subprocess.run([*OBS_SIM, *map(str, args)], stdout=stdout, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        sys.exit(f"loss_study: {done.stderr.strip()}")
    return done


def sweep(out: pathlib.Path, seeds: int, duration: float) -> pd.DataFrame:
    spec = {
        "sweep": 1,
        "name": "Goodput against data-burst loss (paper 000's network)",
        "base": str(PRESET),
        "overrides": {"obs.burstLoss.ack": 0, "duration": duration},
        "parameter": {"path": "obs.burstLoss.data", "values": {"from": 0, "to": 0.01, "steps": 5}},
        "seeds": seeds,
        "outputs": ["aggregate.goodput", "flows[tcp1].rtos"],
    }
    spec_file = out / "sweep-spec.json"
    spec_file.write_text(json.dumps(spec, indent=2))
    csv = out / "sweep.csv"
    obs_sim("sweep", spec_file, "--out", csv, "--quiet")
    return pd.read_csv(csv)


def traced_run(out: pathlib.Path, duration: float) -> dict:
    scenario = json.loads(PRESET.read_text())
    scenario["obs"]["burstLoss"] = {"data": 0.01, "ack": 0}
    scenario["duration"] = duration
    scenario_file = out / "one-percent.json"
    scenario_file.write_text(json.dumps(scenario, indent=2))
    with open(out / "summary.json", "w") as summary:
        obs_sim(scenario_file, "--trace", out / "traces", stdout=summary)
    return json.loads((out / "summary.json").read_text())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=pathlib.Path)
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--duration", type=float, default=20)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)

    points = sweep(args.out, args.seeds, args.duration)
    summary = traced_run(args.out, args.duration)
    traces = args.out / "traces"
    flows = pd.read_csv(traces / "flows.csv")
    bursts = pd.read_csv(traces / "bursts.csv")
    events = pd.read_csv(traces / "tcp-events.csv")

    tcp1 = flows[flows.flow == "tcp1"]
    lost = bursts[(bursts["class"] == "data") & (bursts.outcome == "dropped") & (bursts.main_flow == "tcp1")]
    own = events[events.flow == "tcp1"]

    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4))
    loss = points["obs.burstLoss.data"] * 100
    mean = points["aggregate.goodput:norm"]
    below = mean - points["aggregate.goodput:norm_low"]
    above = points["aggregate.goodput:norm_high"] - mean
    left.errorbar(loss, mean, yerr=[below.fillna(0), above.fillna(0)], marker="o", capsize=3)
    left.set_xlabel("data-burst drop probability (%)")
    left.set_ylabel("goodput / lossless goodput")
    left.set_title(f"{int(points['runs'].iloc[0])} seeds per point, 95 % intervals")
    left.set_ylim(0, 1.05)

    right.plot(tcp1.t_s, tcp1.cwnd_segments, lw=0.8, label="cwnd")
    right.plot(lost.end_s, [0] * len(lost), "rx", label="its data burst dropped")
    for kind, style in (("fast-retransmit", "g^"), ("rto", "kv")):
        hits = own[own.event == kind]
        right.plot(hits.t_s, hits.cwnd_after_segments, style, label=kind)
    right.set_xlabel("time (s)")
    right.set_ylabel("tcp1 cwnd (segments)")
    right.set_title("one run at 1 %: the window and its losses")
    right.legend(loc="upper center", bbox_to_anchor=(0.5, -0.18), ncol=4, fontsize=8, frameon=False)

    fig.tight_layout()
    fig.savefig(args.out / "loss_study.png", dpi=110)

    flow = next(f for f in summary["flows"] if f["id"] == "tcp1")
    print(
        f"normalised goodput at 1 %: {mean.iloc[-1]:.3f}; "
        f"in the traced run tcp1 lost {len(lost)} data bursts and had "
        f"{flow['fastRetransmits']} fast retransmits and {flow['rtos']} timeouts; "
        f"figure: {args.out / 'loss_study.png'}"
    )


if __name__ == "__main__":
    main()
