"""What the browser tests of photolib serve share: the binary, library and artefact folder
given on the command line, one-line failures, the CLI as an oracle, a server on a free port,
a headless Chromium of a given size, and the gestures on the grid."""

import json
import re
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

BINARY, LIBRARY, ARTEFACTS = sys.argv[1:4]
HOSTILE = '<img src=x onerror=alert(1)>'
failures = []


def check(condition, what):
    """Records `what` as failed unless `condition`; gives `condition` back, so that a caller can say more."""
    if not condition:
        failures.append(what)
        print('FAIL: ' + what, flush=True)
    return condition


def photolib(*arguments, library=None):
    return subprocess.run([BINARY, *arguments, '--library', library or LIBRARY], capture_output=True, text=True, check=False)


def assets(*filters, library=None):
    out = photolib('list', '--jsonl', *filters, library=library).stdout
    return [json.loads(line) for line in out.splitlines() if line]


def serve(*arguments, library=None):
    process = subprocess.Popen([BINARY, 'serve', '--listen', '127.0.0.1:0', *arguments, '--library',
                                library or LIBRARY],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stderr.readline()
    found = re.search(r'(http://\S+)', line)
    if not found:
        raise SystemExit('serve printed no URL: ' + line + process.stderr.read())
    return process, found.group(1)


def browser(width, height):
    options = Options()
    for argument in ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
                     '--window-size=%d,%d' % (width, height), '--user-data-dir=' + tempfile.mkdtemp()]:
        options.add_argument(argument)
    # The console, for Content-Security-Policy reports (`csp_reports`).
    options.set_capability('goog:loggingPrefs', {'browser': 'ALL'})
    driver = webdriver.Chrome(service=Service('/usr/bin/chromedriver'), options=options)
    driver.set_window_size(width, height)
    return driver


def csp_reports(driver):
    """The console's messages about the Content-Security-Policy since the last call: anything the
    page tried that the policy refused (an inline script, a style, a foreign image)."""
    return [entry['message'] for entry in driver.get_log('browser') if 'Content Security Policy' in entry['message']]


def wait(driver, condition, what, seconds=15):
    try:
        return WebDriverWait(driver, seconds).until(lambda d: condition(d))
    except Exception:
        check(False, what)
        return None


def cells(driver):
    # The cells the script has completed (an index, a label, the gestures): the HTML's own
    # cells are drawn before the script runs and do nothing until then.
    return driver.find_elements(By.CSS_SELECTOR, '.cell[data-index]')


def visible(driver, element_id):
    return driver.execute_script('return !document.getElementById(arguments[0]).hidden', element_id)


def cell_for(driver, asset_id):
    return driver.find_element(By.CSS_SELECTOR, '.cell[data-index][data-id="%s"]' % asset_id)


def hold(driver, asset_id, then_swipe_up):
    """Press and hold the photo's cell, found afresh: the grid is drawn again when the catalog
    changes (here or elsewhere), which may happen between a lookup and the gesture."""
    for attempt in range(3):
        try:
            chain = ActionChains(driver).click_and_hold(cell_for(driver, asset_id)).pause(0.8)
            if then_swipe_up:
                chain = chain.move_by_offset(0, -80)
            chain.release().perform()
            return
        except StaleElementReferenceException:
            ActionChains(driver).release().perform()
            time.sleep(0.5)
    check(False, 'the cell of %s stayed in place long enough to be held' % asset_id)
