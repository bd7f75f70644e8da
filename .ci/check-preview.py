#!/usr/bin/env python3
"""Browser tests of `baton preview` in headless Chromium (Debian's `chromium`, driven by
Playwright for Python with executable_path to it).

For every example flow in flows/ (each copied to a scratch folder, so edits stay there):
  1. start baton-preview on a free port with the settings of a scenario of the flow's
     scenario file, and open the page;
  2. click that scenario's steps through the page (event buttons and their payload forms,
     the back button, a swipe down on a sheet, tab taps, the deep link field, the flag and
     fact switches) and check after each that the phone shows what `baton run` gives for
     the same steps (visible screen, stack, tab, modal), drawn as well as named;
  3. save a screenshot of the page as OUT/NAME.png;
  4. step back and forward through the history (snapshot restores), checked as in 2;
  5. copy the steps as a scenario and run it with `baton test`, which must pass;
  6. click a screen of the graph and see the phone go there;
  7. change the file on disk and see the page reload it, keep the place, and lint the new
     version; break the file and see its problems while the last good version still takes
     steps; mend it and see it load again.
Then "Show me" on the README's paywall finding, and a payload refused at its field.

usage: check-preview.py BATON BATON_PREVIEW OUT_DIR [--readme-screenshot PATH]

--readme-screenshot writes the README's picture (docs/preview.png) as well; CI does not.
"""
import argparse
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time

import yaml
from playwright.sync_api import sync_playwright

CHROMIUM = os.environ.get("BATON_CHROMIUM", "/usr/bin/chromium")
ROOT = pathlib.Path(__file__).resolve().parent.parent
TIMEOUT_MS = 15_000


def fail(message):
    raise AssertionError(message)


def scenario_file(flow):
    return flow.with_name(flow.stem + ".test.yaml")


def pick_scenario(document):
    """The scenario with the most steps the page can take (none restores a snapshot)."""
    usable = [s for s in document["scenarios"] if not any(step == "restore" for step in s["steps"])]
    return max(usable, key=lambda s: sum(1 for step in s["steps"] if not (isinstance(step, dict) and "expect" in step)))


def setting_text(value):
    return value if isinstance(value, str) else json.dumps(value)


def settings_arguments(flags, context):
    arguments = []
    for name, value in flags.items():
        arguments += ["--flag", f"{name}={setting_text(value)}"]
    for name, value in context.items():
        arguments += ["--context", f"{name}={setting_text(value)}"]
    return arguments


def run_steps(step):
    """The step as `baton run --events` writes it: one or more run steps."""
    if step in ("back", "dismiss"):
        return [step]
    if "send" in step:
        return [step["send"] + (" " + json.dumps(step["payload"]) if step.get("payload") is not None else "")]
    if "tab" in step:
        return [f"tab {step['tab']}"]
    if "open" in step:
        return [f"open {step['open']}"]
    if "set" in step:
        scopes = step["set"]
        return [f"set {scope}.{name}={setting_text(value)}" for scope in ("context", "flags")
                for name, value in (scopes.get(scope) or {}).items()]
    fail(f"no run step for {step}")


def baton_run_states(baton, flow, arguments, steps):
    """The state after the start and after each step, as `baton run --json` prints them."""
    run = [text for step in steps for text in run_steps(step)]
    command = [baton, "run", str(flow), "--json"] + arguments + ["--events", "; ".join(run)]
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    lines = [json.loads(line) for line in output.splitlines() if line.strip()]
    if len(lines) != len(run) + 1:
        fail(f"baton run printed {len(lines)} states for {len(run)} steps")
    # A scenario step made of several run steps is compared after its last; it took effect
    # when its last did.
    states, effective, line = [lines[0]["state"]], [True], 0
    for step in steps:
        line += len(run_steps(step))
        states.append(lines[line]["state"])
        effective.append(lines[line]["result"].split(":")[0] in ("handled", "opened", "held"))
    return states, effective


class Preview:
    """A baton-preview process and the page open on it."""

    def __init__(self, preview, flow, arguments, browser, folder=None):
        self.process = subprocess.Popen([preview, str(flow), "--port", "0"] + arguments, cwd=folder,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.time() + 60
        self.url = None
        while time.time() < deadline and self.url is None:
            line = self.process.stdout.readline()
            if not line:
                fail("baton-preview stopped: " + self.process.stderr.read())
            found = re.search(r"at (http://127\.0\.0\.1:\d+/)", line)
            if found:
                self.url = found.group(1)
        if self.url is None:
            fail("baton-preview printed no address")
        self.context = browser.new_context(viewport={"width": 1500, "height": 1000})
        self.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=self.url.rstrip("/"))
        self.page = self.context.new_page()
        self.errors = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.set_default_timeout(TIMEOUT_MS)
        self.page.goto(self.url)
        self.page.wait_for_function("page.view !== null")

    def close(self):
        self.context.close()
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        if self.process.returncode not in (0, -15):
            fail(f"baton-preview exited with {self.process.returncode}: {self.process.stderr.read()}")

    def revision(self):
        return self.page.evaluate("page.view.revision")

    def after(self, action):
        """Does `action`, then waits until the page has drawn the answer to it."""
        before = self.revision()
        action()
        self.page.wait_for_function(f"page.view.revision > {before}")

    # The steps, as a person takes them.

    def take(self, step):
        if step == "back":
            nav = self.page.locator("[data-testid=nav-back]")
            button = nav if nav.count() else self.page.locator("[data-testid=system-back]")
            self.after(button.click)
        elif step == "dismiss":
            grabber = self.page.locator("[data-testid=sheet-grabber]")
            if grabber.count():
                self.after(lambda: self.swipe_down(grabber))
            else:
                self.after(self.page.locator("[data-testid=dismiss]").click)
        elif "send" in step:
            self.send(step["send"].split(".")[1], step.get("payload"))
        elif "tab" in step:
            tab = self.page.locator(f"[data-testid=tab-{step['tab']}]")
            if tab.count():
                self.after(tab.click)
            else:
                # Covered by a modal, as in the app: the tap the scenario makes is sent as it is.
                self.after(lambda: self.page.evaluate(f"step({{tab: {json.dumps(step['tab'])}}})"))
        elif "open" in step:
            self.page.fill("[data-testid=link]", step["open"])
            self.after(lambda: self.page.click("[data-testid=open-link]"))
        elif "set" in step:
            for scope, prefix in (("flags", "flag"), ("context", "fact")):
                for name, value in (step["set"].get(scope) or {}).items():
                    self.after(lambda: self.set_setting(f"[data-testid={prefix}-{name}]", value))
        else:
            fail(f"no way to take {step}")

    def swipe_down(self, grabber):
        box = grabber.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        self.page.mouse.move(x, y)
        self.page.mouse.down()
        self.page.mouse.move(x, y + 80, steps=5)
        self.page.mouse.move(x, y + 160, steps=5)
        self.page.mouse.up()

    def send(self, event, payload):
        button = self.page.locator(f"[data-testid=event-{event}]")
        form = self.page.locator(f"[data-testid=form-{event}]")
        if not form.count():
            self.after(button.click)
            return
        if not form.is_visible():
            button.click()
        for path, value in fields(payload, ""):
            field = form.locator(f'[data-field="{path}"]')
            if not field.count():
                fail(f"the form of {event} has no field {path!r}")
            kind = field.get_attribute("data-kind")
            if kind == "bool":
                field.select_option("true" if value else "false")
            elif kind == "json":
                field.fill(json.dumps(value))
            else:
                field.fill(value if isinstance(value, str) else json.dumps(value))
        self.after(lambda: form.locator(f"[data-testid=send-{event}]").click())

    def set_setting(self, selector, value):
        row = self.page.locator(selector)
        checkbox = row.locator("input[type=checkbox]")
        select = row.locator("select")
        if checkbox.count():
            checkbox.set_checked(bool(value))
        elif select.count():
            select.select_option(str(value))
        else:
            row.locator("input").fill(setting_text(value))
            row.locator("button").click()

    # What the page shows.

    def shown(self):
        return self.page.evaluate("""() => {
            const phone = document.getElementById("phone");
            const layers = phone.querySelectorAll(".layer");
            const top = layers[layers.length - 1];
            return {
                top: phone.dataset.top, stack: phone.dataset.stack, tab: phone.dataset.tab,
                presented: phone.dataset.presented, finished: phone.dataset.finished,
                drawnScreen: top ? top.dataset.screen : "",
                drawnPresentation: top ? top.dataset.presentation : "",
                breadcrumbs: top ? top.querySelector(".breadcrumbs").textContent : "",
                selectedTabs: Array.from(phone.querySelectorAll(".tab.selected")).map((tab) => tab.dataset.tab),
            };
        }""")

    def check(self, expected, where):
        shown = self.shown()
        if expected.get("finished"):
            if shown["finished"] != expected["finished"]:
                fail(f"{where}: the page shows finished={shown['finished']!r}, baton run {expected['finished']!r}")
            return
        wanted = {
            "top": expected.get("top") or "", "stack": ",".join(expected.get("stack", [])),
            "tab": expected.get("tab") or "", "presented": expected.get("presented") or "",
        }
        for key, value in wanted.items():
            if shown[key] != value:
                fail(f"{where}: the page shows {key}={shown[key]!r}, baton run gives {value!r}")
        if shown["drawnScreen"] != wanted["top"]:
            fail(f"{where}: the phone draws {shown['drawnScreen']!r} on top, not {wanted['top']!r}")
        if shown["breadcrumbs"] != " › ".join(expected.get("stack", [])):
            fail(f"{where}: the breadcrumbs read {shown['breadcrumbs']!r}")
        if shown["drawnPresentation"] != (expected.get("presentation") or ""):
            fail(f"{where}: the top layer is drawn as {shown['drawnPresentation']!r}, not {expected.get('presentation')!r}")
        if expected.get("tab") and expected["tab"] not in shown["selectedTabs"]:
            fail(f"{where}: no tab bar shows {expected['tab']!r} selected (selected: {shown['selectedTabs']})")


def fields(value, path):
    """The form fields a payload fills: records broken down to their fields' paths."""
    if value is None:
        return []
    if isinstance(value, dict):
        found = []
        for name, inner in value.items():
            found += fields(inner, f"{path}.{name}" if path else name)
        return found
    return [(path, value)]


def check_example(flow, baton, preview_binary, browser, out_dir):
    document = yaml.safe_load(scenario_file(flow).read_text())
    scenario = pick_scenario(document)
    flags = {**(document.get("flags") or {}), **(scenario.get("flags") or {})}
    context = {**(document.get("context") or {}), **(scenario.get("context") or {})}
    arguments = settings_arguments(flags, context)
    steps = [step for step in scenario["steps"] if not (isinstance(step, dict) and "expect" in step)]
    states, effective = baton_run_states(baton, flow, arguments, steps)
    name = flow.stem
    print(f"  {name}: scenario {scenario['name']!r}, {len(steps)} steps")
    preview = Preview(preview_binary, flow, arguments, browser)
    try:
        page = preview.page
        preview.check(states[0], f"{name} at the start")
        for number, step in enumerate(steps, 1):
            preview.take(step)
            preview.check(states[number], f"{name} after step {number} ({run_steps(step)})")
        page.screenshot(path=str(out_dir / f"{name}.png"), full_page=True)

        # Back and forward restore the snapshots: one step back is where the last step that
        # took effect started from.
        taken = [number for number, took in enumerate(effective) if took]
        if len(taken) > 1:
            preview.after(lambda: page.click("[data-testid=history-back]"))
            preview.check(states[taken[-2]], f"{name} one step back")
            preview.after(lambda: page.click("[data-testid=history-forward]"))
            preview.check(states[len(steps)], f"{name} forward again")

        # Copy as scenario: the text the page copies passes `baton test`.
        page.click("[data-testid=copy-scenario]")
        page.wait_for_function("document.getElementById('scenario-check').dataset.passes !== undefined")
        text = page.inner_text("[data-testid=scenario-text]")
        copied = page.evaluate("navigator.clipboard.readText()")
        if copied != text:
            fail(f"{name}: the clipboard holds other text than the page shows")
        if page.get_attribute("[data-testid=scenario-check]", "data-passes") != "true":
            fail(f"{name}: the page says its scenario fails: {page.inner_text('[data-testid=scenario-check]')}")
        recorded = flow.with_name(f"{name}.recorded.test.yaml")
        recorded.write_text(text)
        test = subprocess.run([baton, "test", str(recorded)], capture_output=True, text=True)
        if test.returncode != 0:
            fail(f"{name}: baton test fails the copied scenario:\n{test.stdout}{test.stderr}\n{text}")
        # One `expect` for the start and one after each step that took effect.
        entries = page.evaluate("page.view.history.cursor") + 1
        if text.count("- expect:") != entries:
            fail(f"{name}: the copied scenario has {text.count('- expect:')} expects for {entries} history entries")

        # A click on a screen of the graph goes there by the shortest way.
        target = page.evaluate("""() => {
            const node = document.querySelector('#graph [data-node].reachable:not(.current)');
            return node ? node.dataset.node : null;
        }""")
        if target is None:
            fail(f"{name}: the graph has no reachable screen to click")
        preview.after(lambda: page.click(f'#graph [data-node="{target}"]'))
        if page.evaluate("page.view.highlight.current") != target:
            fail(f"{name}: a click on {target} led to {page.evaluate('page.view.highlight.current')}")
        if preview.shown()["top"] != target.split("·")[1]:
            fail(f"{name}: a click on {target} shows {preview.shown()['top']}")

        # Live reload: a new screen on disk; the place is kept and lint sees the new version.
        place = preview.shown()
        original = flow.read_text()
        edited = re.sub(r"^screens:\n", "screens:\n  previewProbe: {title: Probe}\n", original, count=1, flags=re.M)
        if edited == original:
            fail(f"{name}: no `screens:` line to add a screen under")
        flow.write_text(edited)
        page.wait_for_selector("[data-testid=banner][data-revision='2']")
        if page.get_attribute("[data-testid=banner]", "data-kept") != "true":
            fail(f"{name}: the reload did not keep the place: {page.inner_text('[data-testid=banner]')}")
        if preview.shown() != place:
            fail(f"{name}: the reload moved the page from {place} to {preview.shown()}")
        page.wait_for_function("Array.from(document.querySelectorAll('#lint .diagnostic')).some((item) => item.textContent.includes('previewProbe'))")

        # A file that does not load: its problems show, the last good version keeps running.
        flow.write_text(edited + "\n}\n")
        page.wait_for_selector("[data-testid=load-problems]:not([hidden])")
        preview.after(lambda: page.click("[data-testid=system-back]"))
        if not page.inner_text("[data-testid=step-result]").startswith("back →"):
            fail(f"{name}: the last good version did not take a step while the file was broken")
        flow.write_text(edited)
        page.wait_for_selector("[data-testid=load-problems]", state="hidden")
        page.wait_for_selector("[data-testid=banner][data-revision='3']")
        if preview.errors:
            fail(f"{name}: the page threw: {preview.errors}")
    finally:
        preview.close()


def check_show_me_and_field_errors(preview_binary, browser, scratch):
    """"Show me" replays a finding's trace (the README's paywall, whose sheet is left open from
    one tab); a payload that does not fit is refused with the problem at its field."""
    paywall = ROOT / "Tests" / "BatonCLITests" / "Fixtures" / "paywall.yaml"
    preview = Preview(preview_binary, paywall, [], browser)
    try:
        page = preview.page
        page.wait_for_selector("[data-testid=show-0]")
        preview.after(lambda: page.click("[data-testid=show-0]"))
        shown = preview.shown()
        if (shown["top"], shown["tab"], shown["presented"]) != ("paywall", "account", "paywall"):
            fail(f"Show me on the paywall finding shows {shown}")
        if page.get_attribute("[data-testid=step-result]", "data-result") != "unhandled":
            fail("Show me's last step is not the unhandled paywall.subscribe: " + page.inner_text("[data-testid=step-result]"))
    finally:
        preview.close()
    preview = Preview(preview_binary, scratch / "notes.yaml", [], browser)
    try:
        page = preview.page
        before = preview.shown()
        page.click("[data-testid=event-select]")
        page.click("[data-testid=send-select]")
        page.wait_for_function("document.querySelector('[data-testid=form-select] [data-error-for=\"id\"]').textContent !== ''")
        if "required" not in page.inner_text("[data-testid=form-select] [data-error-for='id']"):
            fail("an empty required field is not named at the field")
        if preview.shown() != before:
            fail("a refused payload changed the page")
    finally:
        preview.close()


def readme_screenshot(preview_binary, browser, path):
    """The README's picture: the recipes app with a recipe's reviews in a sheet over its tabs."""
    preview = Preview(os.path.abspath(preview_binary), "flows/recipes.yaml",
                      ["--context", "loggedIn=true", "--context", "userId=u1"], browser, folder=ROOT)
    try:
        preview.send("select", {"id": "1", "title": "Pasta"})
        preview.send("showReviews", {"id": "1"})
        preview.page.set_viewport_size({"width": 1400, "height": 860})
        preview.page.click("[data-testid=graph-zoom]")
        preview.page.wait_for_timeout(300)
        preview.page.screenshot(path=str(path))
    finally:
        preview.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("baton")
    parser.add_argument("preview")
    parser.add_argument("out", type=pathlib.Path)
    parser.add_argument("--readme-screenshot", type=pathlib.Path)
    options = parser.parse_args()
    options.out.mkdir(parents=True, exist_ok=True)
    scratch = pathlib.Path(tempfile.mkdtemp(prefix="baton-preview-ci-"))
    shutil.copytree(ROOT / "flows", scratch / "flows")
    flows = sorted(path for path in (scratch / "flows").glob("*.yaml") if not path.name.endswith(".test.yaml"))
    started = time.time()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            for flow in flows:
                check_example(flow, options.baton, options.preview, browser, options.out)
            check_show_me_and_field_errors(options.preview, browser, scratch / "flows")
            if options.readme_screenshot:
                readme_screenshot(options.preview, browser, options.readme_screenshot)
        finally:
            browser.close()
    print(f"preview: {len(flows)} example flows clicked through in Chromium in {time.time() - started:.1f} s; "
          f"screenshots in {options.out}")
    shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except AssertionError as error:
        print(f"error: {error}", file=sys.stderr)
        sys.exit(1)
