import SimulateCore
import SimulateJSON
import Testing

@Test func createAddListCompleteDelete() throws {
    let steps = [
        Call(at: "1s", intent: "createProject", input: "{\"name\": \"Home\", \"id\": \"home\"}").json,
        Call(at: "2s", intent: "addTask", input: "{\"project\": \"home\", \"title\": \"Milk\", \"priority\": 2}").json,
        Call(at: "3s", intent: "addTask", input: "{\"project\": \"home\", \"title\": \"Eggs\"}").json,
        Call(at: "4s", intent: "completeTask", input: "{\"displayId\": 1}").json,
        Call(at: "5s", intent: "listTasks", input: "{\"project\": \"home\", \"includeDone\": false}").json,
        Call(at: "6s", intent: "deleteTask", input: "{\"displayId\": 2}").json,
    ]
    let expect = [
        jsonOut, check("lastResponse", at: "1.5s"), check("lastResponse", at: "2.5s"),
        check("lastResponse", at: "4.5s"),
        check("lastResponse", at: "5.5s"), check("lastResponse"), check("displayIds"),
    ]
    let result = run(try scenario(steps: steps, expect: expect))
    #expect(violations(result, "intents.jsonOut") == [])
    #expect(
        observed(result, "lastResponse", at: "1.5s")
            == ["ok": true, "intent": "createProject", "result": ["project": ["id": "home", "name": "Home"]]])
    let added = try #require(observed(result, "lastResponse", at: "2.5s")?["result"]?["task"])
    #expect(added["displayId"] == 1 && added["title"] == "Milk" && added["priority"] == 2 && added["project"] == "home")
    #expect(observed(result, "lastResponse", at: "4.5s")?["result"]?["task"]?["done"] == true)
    let open = try #require(observed(result, "lastResponse", at: "5.5s")?["result"]?["tasks"]?.arrayValue)
    #expect(open.map { $0["title"] } == ["Eggs"])
    #expect(observed(result, "lastResponse")?["result"]?["deleted"]?["displayId"] == 2)
    #expect(observed(result, "displayIds") == [1, 2])
}

/// Two devices add tasks through intents at the same moments; after sync every displayId is unique.
@Test(arguments: [1, 2, 3] as [UInt64])
func displayIDsAreUniqueAcrossDevicesAfterSync(seed: UInt64) throws {
    var steps = [Call(at: "0.5s", intent: "createProject", input: "{\"name\": \"Shared\", \"id\": \"shared\"}").json]
    steps.append("{\"at\": \"1s\", \"device\": \"phone\", \"do\": \"model.sync\"}")
    steps.append("{\"at\": \"3s\", \"device\": \"tablet\", \"do\": \"model.sync\"}")
    for index in 0..<5 {
        for device in ["phone", "tablet"] {
            steps.append(
                Call(
                    at: "\(5 + index)s", device: device, intent: "addTask",
                    input: "{\"project\": \"shared\", \"title\": \"\(device) \(index)\"}"
                ).json)
        }
    }
    steps.append("{\"at\": \"20s\", \"device\": \"phone\", \"do\": \"model.sync\"}")
    steps.append("{\"at\": \"25s\", \"device\": \"tablet\", \"do\": \"model.sync\"}")
    steps.append("{\"at\": \"30s\", \"device\": \"phone\", \"do\": \"model.sync\"}")
    let count =
        "{\"at\": \"end\", \"device\": \"%@\", \"check\": \"model.count\", \"args\": {\"entity\": \"Task\"}, \"equals\": 10}"
    let expect = [
        jsonOut, "{\"invariant\": \"intents.uniqueDisplayIds\"}", "{\"invariant\": \"counter.unique\"}",
        count.replacingOccurrences(of: "%@", with: "phone"), count.replacingOccurrences(of: "%@", with: "tablet"),
    ]
    let result = run(try scenario(devices: ["phone", "tablet"], steps: steps, expect: expect), seed: seed)
    #expect(result.passed, "\(failures(result))")
}

@Test func localMaxPlusOneHandsTheSameDisplayIDToTwoDevices() throws {
    let steps = ["phone", "tablet"].flatMap { device in
        [
            Call(at: "1s", device: device, intent: "createProject", input: "{\"name\": \"P\", \"id\": \"p-\(device)\"}")
                .json,
            Call(at: "2s", device: device, intent: "addTask", input: "{\"project\": \"p-\(device)\", \"title\": \"t\"}")
                .json,
        ]
    }
    let result = run(
        try scenario(
            devices: ["phone", "tablet"], steps: steps, expect: ["{\"invariant\": \"intents.uniqueDisplayIds\"}"],
            counter: "{\"allocator\": \"localMaxPlusOne\"}"))
    #expect(violations(result, "intents.uniqueDisplayIds")?.isEmpty == false)
}
