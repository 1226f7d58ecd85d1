// The account page's upload (decision 0116): files picked or dropped are sent one at a time to
// POST /account/imports, each with its own progress bar (bytes sent, then processing) and its
// outcome in words. Without this script the page's plain form sends the files in one request.
(function () {
  "use strict";
  var form = document.getElementById("upload-form");
  if (!form || !window.FormData || !window.XMLHttpRequest) {
    return;
  }
  var input = document.getElementById("upload-files");
  var drop = document.getElementById("upload-drop");
  var list = document.getElementById("upload-list");
  var log = document.getElementById("upload-log");
  var refused = document.getElementById("upload-refused");
  var token = form.elements.namedItem("csrf_token").value;
  var maxFiles = Number(form.getAttribute("data-max-files"));
  var maxActivity = Number(form.getAttribute("data-max-activity-bytes"));
  var maxCsv = Number(form.getAttribute("data-max-csv-bytes"));
  var queue = [];
  var busy = false;
  var count = 0;

  // Files go as soon as they are chosen or dropped: the button is for the page without script.
  document.getElementById("upload-send").hidden = true;
  document.getElementById("upload-drop-hint").hidden = false;

  function sizeText(bytes) {
    if (bytes >= 1048576) {
      return Math.round(bytes / 1048576) + " MiB";
    }
    return Math.max(1, Math.round(bytes / 1024)) + " KiB";
  }

  function isCsv(name) {
    return /\.csv(\.gz)?$/i.test(name);
  }

  function announce(text) {
    var line = document.createElement("p");
    line.textContent = text;
    log.appendChild(line);
  }

  function element(tag, className, text) {
    var made = document.createElement(tag);
    if (className) {
      made.className = className;
    }
    if (text) {
      made.textContent = text;
    }
    return made;
  }

  function row(file) {
    count += 1;
    var item = element("li", "upload-file");
    var head = element("div", "file-head");
    var name = element("span", "file-name", file.name);
    name.id = "upload-name-" + count;
    var state = element("span", "muted file-state", "Waiting");
    state.id = "upload-state-" + count;
    var bar = document.createElement("progress");
    bar.max = 100;
    bar.value = 0;
    bar.setAttribute("aria-labelledby", name.id + " " + state.id);
    var outcome = element("p", "outcome");
    head.appendChild(name);
    head.appendChild(state);
    item.appendChild(head);
    item.appendChild(bar);
    item.appendChild(outcome);
    item.setAttribute("data-state", "waiting");
    list.appendChild(item);
    return { item: item, bar: bar, state: state, outcome: outcome, name: file.name };
  }

  function progress(view, percent) {
    view.item.setAttribute("data-state", "uploading");
    view.bar.value = percent;
    view.state.textContent = "Uploading " + percent + "%";
  }

  function processing(view) {
    view.item.setAttribute("data-state", "processing");
    view.bar.removeAttribute("value"); // indeterminate: Kinetic is reading the file
    view.state.textContent = "Processing";
  }

  function finish(view, outcome, text) {
    view.bar.value = 100;
    view.item.setAttribute("data-state", "done");
    view.item.setAttribute("data-outcome", outcome);
    view.state.textContent =
      outcome === "imported" ? "Imported" : outcome === "already" ? "Already there" : "Refused";
    view.outcome.textContent = text;
    announce(view.name + ": " + text);
  }

  function answered(view, xhr) {
    var body = null;
    try {
      body = JSON.parse(xhr.responseText);
    } catch (ignored) {
      body = null;
    }
    if (xhr.status === 200 && body && body.files && body.files.length) {
      finish(view, body.files[0].outcome, body.files[0].text);
    } else if (body && body.error_description) {
      finish(view, "refused", "Refused: " + body.error_description + ".");
    } else {
      finish(view, "refused", "Refused: Kinetic did not answer (status " + xhr.status + "); send it again.");
    }
  }

  function send(job, done) {
    var view = job.view;
    var xhr = new XMLHttpRequest();
    var body = new FormData();
    body.append("file", job.file, job.file.name);
    xhr.open("POST", form.getAttribute("action"));
    xhr.setRequestHeader("X-CSRF-Token", token);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = function (event) {
      if (event.lengthComputable && event.total) {
        progress(view, Math.min(100, Math.round((100 * event.loaded) / event.total)));
      }
    };
    xhr.upload.onload = function () {
      processing(view);
    };
    xhr.onload = function () {
      answered(view, xhr);
      done();
    };
    xhr.onerror = function () {
      finish(view, "refused", "Refused: the connection broke off. Send the file again; one imported before adds nothing.");
      done();
    };
    progress(view, 0);
    xhr.send(body);
  }

  function next() {
    if (busy || !queue.length) {
      return;
    }
    busy = true;
    send(queue.shift(), function () {
      busy = false;
      next();
    });
  }

  function add(files) {
    var chosen = Array.prototype.slice.call(files || []);
    refused.hidden = true;
    if (!chosen.length) {
      return;
    }
    if (chosen.length > maxFiles) {
      refused.textContent =
        "You chose " + chosen.length + " files; send at most " + maxFiles + " at once. Nothing was sent.";
      refused.hidden = false;
      return;
    }
    chosen.forEach(function (file) {
      var view = row(file);
      var limit = isCsv(file.name) ? maxCsv : maxActivity;
      if (file.size > limit) {
        finish(view, "refused", "Refused: the file is over " + sizeText(limit) + ", the limit for it. Nothing was sent.");
        return;
      }
      queue.push({ file: file, view: view });
    });
    next();
  }

  input.addEventListener("change", function () {
    add(input.files);
    input.value = "";
  });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    add(input.files);
    input.value = "";
  });
  ["dragenter", "dragover"].forEach(function (name) {
    drop.addEventListener(name, function (event) {
      event.preventDefault();
      drop.classList.add("over");
    });
  });
  ["dragleave", "drop"].forEach(function (name) {
    drop.addEventListener(name, function () {
      drop.classList.remove("over");
    });
  });
  drop.addEventListener("drop", function (event) {
    event.preventDefault();
    add(event.dataTransfer && event.dataTransfer.files);
  });
})();
