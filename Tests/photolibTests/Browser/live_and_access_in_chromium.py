#!/usr/bin/python3
"""photolib serve in headless Chromium, second part: two browsers and a terminal editing at
once (nothing lost: the catalog afterwards equals the same steps through the CLI on a copy,
and both pages show it without a reload); the keyboard alone and what a screen reader is told
(focus order, names, roles); the original zoomed in place; a video played in the detail view.
Run by BrowserGalleryTests.swift like gallery_in_chromium.py; exits 1 with one line a failure."""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from chromium_support import (ARTEFACTS, BINARY, LIBRARY, assets, browser, cell_for, cells, check, failures,
                              photolib, serve, visible, wait)

OPPOSITE = {'favourite': 'unfavourite', 'unfavourite': 'favourite', 'like': 'unlike', 'unlike': 'like'}
COMPARED = ['id', 'favourite', 'liked', 'trashed', 'caption', 'keywords', 'rating']


def act(driver, asset_id, action):
    """The keyboard path a person without a mouse takes: focus the photo, Space (the peek with
    its actions), the action, Escape. Retried when the grid is redrawn under it (another
    browser's or the terminal's edit); never done twice (the action's opposite shows it done)."""
    either = '#peek-actions .action[data-action="%s"], #peek-actions .action[data-action="%s"]' % (
        action, OPPOSITE[action])
    for _ in range(6):
        try:
            if driver.execute_script('return window.photolibPeek.isOpen()'):
                press(driver, Keys.ESCAPE)
                time.sleep(0.3)
                continue
            driver.execute_script('document.querySelector(\'.cell[data-id="%s"]\').focus()' % asset_id)
            press(driver, ' ')
            WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, either))
            # The peek of this photo, not of one the focus was on a moment before.
            if driver.execute_script('return window.photolibPeek.assetId()') != asset_id:
                continue
            if driver.find_elements(By.CSS_SELECTOR, '#peek-actions .action[data-action="%s"]' % action):
                driver.find_element(By.CSS_SELECTOR, '#peek-actions .action[data-action="%s"]' % action).click()
            WebDriverWait(driver, 10).until(lambda d: d.find_elements(
                By.CSS_SELECTOR, '#peek-actions .action[data-action="%s"]' % OPPOSITE[action]))
            press(driver, Keys.ESCAPE)
            WebDriverWait(driver, 10).until(lambda d: not d.execute_script('return window.photolibPeek.isOpen()'))
            return
        except WebDriverException:
            time.sleep(0.3)
    check(False, '%s on %s through the peek' % (action, asset_id))


def compared(library):
    listed = assets(library=library) + assets('--trashed', library=library)
    return sorted(({k: a.get(k) for k in COMPARED} for a in listed), key=lambda a: a['id'])


def history(library, asset_id):
    """The asset's history without what differs between two runs: when, the batch, the order."""
    events = json.loads(photolib('history', asset_id, '--json', library=library).stdout or '[]')
    return sorted(json.dumps({k: v for k, v in e.items() if k not in ('at', 'batch', 'sequence')}, sort_keys=True)
                  for e in events)


def live_two_browsers_and_a_terminal():
    shown = assets('--sort', 'taken', '--reverse')
    check(len(shown) >= 9, 'nine photos to edit (%d)' % len(shown))
    # The same steps through the CLI alone, on a copy made before (ids are the catalog's).
    copy = tempfile.mkdtemp() + '/copy'
    shutil.copytree(LIBRARY, copy, symlinks=True)
    plan_a = [(a['id'], 'unfavourite' if a['favourite'] else 'favourite') for a in shown[0:3]]
    plan_b = [(a['id'], 'unlike' if a['liked'] else 'like') for a in shown[3:6]]
    plan_t = [['action', 'caption', shown[6]['id'], '--value', 'Captioned in a terminal'],
              ['action', 'like' if not shown[7]['liked'] else 'unlike', shown[7]['id']],
              ['action', 'favourite' if not shown[8]['favourite'] else 'unfavourite', shown[8]['id']],
              ['action', 'keyword', 'add', '--value', 'terminal', shown[0]['id']]]
    process, url = serve('--allow-edits')
    first, second = browser(1280, 800), browser(390, 844)
    try:
        for driver in (first, second):
            driver.get(url)
            wait(driver, lambda d: len(cells(d)) == len(shown), 'each browser shows the grid')
        done = []
        threads = [threading.Thread(target=lambda: [act(first, i, a) for i, a in plan_a]),
                   threading.Thread(target=lambda: [act(second, i, a) for i, a in plan_b]),
                   threading.Thread(target=lambda: done.extend(photolib(*step).returncode for step in plan_t))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=180)
        check(done == [0] * len(plan_t), 'the terminal edits succeed beside the browsers (%s)' % done)
        final = {a['id']: a for a in assets()}
        # Both pages come to show the catalog as it is now, without a reload.
        for name, driver in (('first', first), ('second', second)):
            def agrees(d):
                state = d.execute_script('return photolib.state.assets.map(a => [a.id, a.favourite, a.liked, a.caption])')
                labels = d.execute_script(
                    "return [...document.querySelectorAll('.cell')].map(c => [c.dataset.id, c.getAttribute('aria-label')])")
                return (all(final[i]['favourite'] == f and final[i]['liked'] == l and final[i].get('caption') == c
                            for i, f, l, c in state) and len(state) == len(final) and
                        all(label.endswith(', favourite') == final[i]['favourite'] for i, label in labels))
            if not wait(driver, agrees, 'the %s browser shows every edit, its own and the others\'' % name, seconds=20):
                print('  that page: a dialog open %s, version %s, latest heard %s' % tuple(driver.execute_script(
                    'return [window.photolibPeek.isOpen(), photolib.state.version, photolib.state.latest]')))
        first.save_screenshot(ARTEFACTS + '/live-first.png')
        second.save_screenshot(ARTEFACTS + '/live-second.png')
    finally:
        first.quit()
        second.quit()
        process.terminate()
        process.wait(timeout=20)
    check(process.returncode == 0, 'serve stops cleanly with two event streams open (%s)' % process.returncode)
    for asset_id, action in plan_a + plan_b:
        photolib('action', action, asset_id, library=copy)
    for step in plan_t:
        photolib(*step, library=copy)
    served, by_cli = compared(LIBRARY), compared(copy)
    if not check(served == by_cli, 'the catalog equals the same steps through the CLI'):
        for mine, theirs in zip(served, by_cli):
            if mine != theirs:
                print('  served %s\n  by CLI %s' % (mine, theirs))
    for asset in shown[:9]:
        served, by_cli = history(LIBRARY, asset['id']), history(copy, asset['id'])
        if not check(served == by_cli, 'the history of %s equals the CLI\'s' % asset['id']):
            print('  served only: %s\n  CLI only: %s' % (sorted(set(served) - set(by_cli)),
                                                     sorted(set(by_cli) - set(served))))
    shutil.rmtree(os.path.dirname(copy), ignore_errors=True)


def focused(driver, script='return document.activeElement'):
    return driver.execute_script(script)


def press(driver, *keys):
    """Keys as a person types them: to whatever has the focus."""
    ActionChains(driver).send_keys(*keys).perform()


def keyboard_and_screen_reader():
    shown = assets('--sort', 'taken', '--reverse')
    process, url = serve('--allow-edits')
    driver = browser(1280, 800)
    try:
        driver.get(url)
        wait(driver, lambda d: len(cells(d)) == len(shown), 'the grid loads')
        # Every control and picture a screen reader meets has a name.
        unnamed = [e.get_attribute('outerHTML')[:80] for e in driver.find_elements(
            By.CSS_SELECTOR, 'button, a, [role="tab"], img:not([aria-hidden="true"])')
            if e.is_displayed() and not e.accessible_name.strip()]
        check(not unnamed, 'every control has an accessible name: %s' % unnamed)
        check(driver.find_element(By.ID, 'collections').aria_role == 'tablist', 'the collections are a tablist')
        # Tab order: the skip link, the selected collection, the grid (one stop), then out.
        press(driver, Keys.TAB)
        check(focused(driver).get_attribute('id') == 'skip', 'the first Tab reaches the skip link')
        press(driver, Keys.TAB)
        tab = focused(driver)
        check(tab.aria_role == 'tab' and tab.get_attribute('aria-selected') == 'true' and
              tab.accessible_name.startswith('All'), 'then the selected collection (%s)' % tab.accessible_name)
        press(driver, Keys.TAB)
        cell = focused(driver)
        check(cell.get_attribute('data-id') == shown[0]['id'] and cell.aria_role == 'button',
              'then the first photo, a button')
        check(cell.accessible_name.startswith(shown[0].get('caption') or shown[0]['fileName']),
              'named by its caption (%s)' % cell.accessible_name)
        press(driver, Keys.ARROW_RIGHT)
        check(focused(driver).get_attribute('data-id') == shown[1]['id'], 'the right arrow moves to the next photo')
        press(driver, Keys.TAB)
        check(not focused(driver).get_attribute('data-id'), 'the grid is one Tab stop')
        ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
        check(focused(driver).get_attribute('data-id') == shown[1]['id'], 'Shift-Tab comes back to the same photo')
        # Space: the peek, a modal dialog, its first action focused; arrows move in the menu.
        press(driver, ' ')
        wait(driver, lambda d: visible(d, 'peek-actions') and d.find_elements(By.CSS_SELECTOR, '#peek-actions .action'),
             'Space shows the peek and its actions')
        check(driver.find_element(By.ID, 'peek').aria_role == 'dialog', 'the peek is a dialog')
        item = focused(driver)
        check(item.aria_role == 'menuitem' and item.accessible_name == 'Make Favourite',
              'the first action is focused, a menu item (%s, %s)' % (item.aria_role, item.accessible_name))
        press(driver, Keys.ARROW_DOWN)
        check(focused(driver).accessible_name == 'Like', 'the down arrow moves to the next action')
        check(driver.execute_script("return document.querySelector('main').inert"), 'the grid is inert under the peek')
        press(driver, Keys.ESCAPE)
        check(focused(driver).get_attribute('data-id') == shown[1]['id'], 'Escape gives the focus back to the photo')
        # Enter: the detail view; Tab stays inside it; Z zooms into the original; Escape back.
        press(driver, Keys.ENTER)
        wait(driver, lambda d: visible(d, 'detail'), 'Enter opens the detail view')
        check(focused(driver).accessible_name == 'Close', 'the detail view starts on Close')
        inside = True
        for _ in range(8):
            press(driver, Keys.TAB)
            inside = inside and driver.execute_script(
                "return document.getElementById('detail').contains(document.activeElement)")
        check(inside, 'Tab stays in the detail view')
        press(driver, 'z')
        wait(driver, lambda d: d.execute_script(
            "const i = document.getElementById('detail-image');"
            "return i.getAttribute('src').startsWith('/original/') && i.complete && i.naturalWidth > 0"),
            'Z loads the original in place')
        natural = driver.execute_script(
            "const i = document.getElementById('detail-image'); return [i.naturalWidth, i.naturalHeight]")
        check(sorted(natural) == sorted([shown[1]['width'], shown[1]['height']]),
              'the original at its own size (%s)' % natural)
        check(driver.find_element(By.ID, 'detail-zoom').get_attribute('aria-pressed') == 'true', 'Zoom is pressed')
        check(driver.execute_script("const m = document.getElementById('detail-media');"
                                    "return m.scrollWidth > m.clientWidth || m.scrollHeight > m.clientHeight"),
              'the zoomed original scrolls in place')
        driver.save_screenshot(ARTEFACTS + '/pop-zoomed.png')
        press(driver, 'z')
        wait(driver, lambda d: '/preview/' in d.find_element(By.ID, 'detail-image').get_attribute('src'),
             'Z again fits the preview')
        press(driver, Keys.ESCAPE)
        check(focused(driver).get_attribute('data-id') == shown[1]['id'], 'leaving the detail view refocuses the photo')
    finally:
        driver.quit()
        process.terminate()
        process.wait(timeout=20)


def video_in_the_detail_view():
    """Main has no video assets yet (branch videos adds `kind: "video"`): a copy of the library
    has one photo's file replaced by a WebM clip ffmpeg makes, and the page is told that asset
    is a video, as the videos branch's JSON will say. The original is then played in ranges."""
    if not shutil.which('ffmpeg'):
        print('video check skipped: no ffmpeg')
        return
    copy = tempfile.mkdtemp() + '/copy'
    shutil.copytree(LIBRARY, copy, symlinks=True)
    target = assets(library=copy)[0]
    clip = os.path.join(os.path.dirname(copy), 'clip.webm')
    subprocess.run(['ffmpeg', '-v', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=4:size=640x360:rate=25',
                    '-c:v', 'libvpx-vp9', '-b:v', '300k', clip], check=True)
    probed = json.loads(subprocess.run(['ffprobe', '-v', 'error', '-show_format', '-of', 'json', clip],
                                       capture_output=True, text=True).stdout)
    shutil.copyfile(clip, target['path'])
    process, url = serve(library=copy)
    driver = browser(1280, 800)
    try:
        driver.get(url)
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, '.cell[data-index][data-id="%s"]' % target['id']), 'the grid loads')
        driver.execute_script(
            "const i = photolib.state.assets.findIndex(a => a.id === arguments[0]);"
            "photolib.state.assets[i] = Object.assign({}, photolib.state.assets[i], {kind: 'video', mimeType: 'video/webm'});"
            "window.photolibPeek.pop(i)", target['id'])
        wait(driver, lambda d: visible(d, 'detail-video'), 'a video asset pops into a player')
        check(not driver.find_element(By.ID, 'detail-image').is_displayed(), 'not a picture')
        check(not driver.find_element(By.ID, 'detail-zoom').is_displayed(), 'no Zoom for a video')
        check(driver.find_element(By.ID, 'detail-video').get_attribute('src').endswith('/original/' + target['id']),
              'the player plays the original')
        wait(driver, lambda d: d.execute_script("return document.getElementById('detail-video').readyState >= 1"),
             'the player reads the clip')
        duration = driver.execute_script("return document.getElementById('detail-video').duration")
        check(abs(duration - float(probed['format']['duration'])) < 0.1,
              'its duration is ffprobe\'s (%s, %s)' % (duration, probed['format']['duration']))
        driver.execute_script("const v = document.getElementById('detail-video'); v.muted = true; v.currentTime = 3;")
        wait(driver, lambda d: d.execute_script(
            "const v = document.getElementById('detail-video'); return !v.seeking && v.currentTime >= 2.9 && v.readyState >= 2"),
            'seeking into the clip works (ranges)')
        size = driver.execute_script("const v = document.getElementById('detail-video'); return [v.videoWidth, v.videoHeight]")
        check(size == [640, 360], 'the frames are the clip\'s (%s)' % size)
        driver.save_screenshot(ARTEFACTS + '/pop-video.png')
        press(driver, Keys.ESCAPE)
        check(not driver.find_element(By.ID, 'detail-video').get_attribute('src'), 'leaving stops the player')
    finally:
        driver.quit()
        process.terminate()
        process.wait(timeout=20)
        shutil.rmtree(os.path.dirname(copy), ignore_errors=True)


keyboard_and_screen_reader()
video_in_the_detail_view()
live_two_browsers_and_a_terminal()
if failures:
    sys.exit(1)
print('all browser checks passed')
